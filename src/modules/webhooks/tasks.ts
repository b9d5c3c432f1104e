// §11.5: the delivery task; webhooks are delivered in every mode.
import type { TaskFactory } from '../../core/task.js';
import { DeliveryTask } from './delivery.js';

const tasks: TaskFactory = (config, services) => [new DeliveryTask(config, services.engine, services.clock, services.logger)];
export default tasks;

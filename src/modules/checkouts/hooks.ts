// §15.3 checkouts sit above collections: the CHECKOUT payment target kind is registered there, so that a
// payment to a checkout's address (collections' index) updates the checkout in the payment's transaction.
import type { HookWiring } from '../../core/hook.js';
import { registerPaymentTargetKind } from '../collections/index.js';
import { checkoutTarget } from './payment-target.js';

export default [() => registerPaymentTargetKind(checkoutTarget)] satisfies readonly HookWiring[];

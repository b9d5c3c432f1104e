// §15.3 checkouts sit above collections: the CHECKOUT payment target kind is registered there, so that a
// payment to a checkout's address (collections' index) updates the checkout in the payment's transaction.
// Each step is loaded at its first call (a partnerctl read never loads it).
import { lazily, type HookWiring } from '../../core/hook.js';
import { registerPaymentTargetKind } from '../collections/index.js';

const target = async () => (await import('./payment-target.js')).checkoutTarget;
const load = lazily(async () => (await target()).load);
const isLate = lazily(async () => (await target()).isLate);
const detected = lazily(async () => (await target()).detected);
const settled = lazily(async () => (await target()).settled);

export default [() => registerPaymentTargetKind({ targetType: 'CHECKOUT', load, isLate, detected, settled })] satisfies readonly HookWiring[];

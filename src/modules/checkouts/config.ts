// The checkouts' configuration keys (§15.2, §15.4, §16.5; docs/deployment.md "Configuration").
import { areaConfig, derived, integer } from '../../config/keys.js';

const ttl = {
  min: integer('CHECKOUT_MIN_TTL_SECONDS', { default: 60, min: 1, max: 2_592_000, docs: "the shortest a checkout's `expiresInSeconds` may be (§15.2)" }),
  default: integer('CHECKOUT_DEFAULT_TTL_SECONDS', { default: 900, min: 1, max: 2_592_000, docs: "a checkout's lifetime when `expiresInSeconds` is absent (§15.2)" }),
  max: integer('CHECKOUT_MAX_TTL_SECONDS', { default: 604_800, min: 1, max: 2_592_000, docs: "the longest a checkout's `expiresInSeconds` may be (§15.2)" }),
};

export default areaConfig({
  // §16.5: min ≤ default ≤ max, else the start stops naming the three.
  checkoutTtlSeconds: derived(ttl, (v) => {
    if (!(v.min <= v.default && v.default <= v.max))
      throw new Error(
        `CHECKOUT_MIN_TTL_SECONDS (${v.min}) ≤ CHECKOUT_DEFAULT_TTL_SECONDS (${v.default}) ≤ CHECKOUT_MAX_TTL_SECONDS (${v.max}) must hold`,
      );
    return v;
  }),
});

// A module's hooks into the steps of modules below it (docs/architecture.md "Module boundaries"): the lower
// module exports a registration function (customers' `onCustomerCreated`, deposits'
// `provideDepositAddresses`) and imports nothing of the higher one; the higher module's `hooks.ts`
// default-exports the calls that register it, gathered by codegen (src/engine/generated/hooks.ts) and run
// by src/engine/open.ts with every engine a process opens, as the event subscribers are.
export type HookWiring = () => void;

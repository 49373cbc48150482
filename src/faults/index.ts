/** Provoked faults (issue #41): the registry, the venue's answers, the operator's shapes. */
export { Faults, type Identity, type TradingVerdict, type StreamFaults, type StreamSocket, type StreamSink } from './registry.js';
export { POST_ONLY_ENTRY, postOnlyRefusal } from './answers.js';
export * from './schemas.js';
export { Scenarios, type ScenarioDeps } from './scenario.js';
export { ScenarioInput, ScenarioView, type ScenarioStep } from './scenario-schemas.js';

import fc from 'fast-check';

// Property tests explore fresh random cases on every local run, where a failure prints its seed to
// replay. In CI they start from one fixed seed (FC_SEED overrides) so a red build is reproducible
// and a landing never depends on the luck of the draw; new seeds keep being tried by developers.
if (process.env.CI === 'true') fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 3160) });

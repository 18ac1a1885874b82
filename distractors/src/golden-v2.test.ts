import { goldenSuite } from './test/golden-suite.js';

// Golden tests of rules v2 (the latest). Until v2 is published its calibration may move them: `npm run
// golden:update` rewrites both versions' files (v1's must come out unchanged). Once published, a change that
// moves any of them must become a new rules version (see benchmarks/src/rules/v1/README.md).
goldenSuite('v2');

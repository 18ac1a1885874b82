import { goldenSuite } from './test/golden-suite.js';

// Golden tests of rules v1 (published, frozen): a change that moves any pinned number must become a new rules
// version (see benchmarks/src/rules/v1/README.md), never an edit of v1.
goldenSuite('v1');

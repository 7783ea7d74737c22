import { describeMalformedInputs } from './fuzz-harness.ts';

describeMalformedInputs(3);

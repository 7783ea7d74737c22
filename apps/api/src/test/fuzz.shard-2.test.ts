import { describeMalformedInputs } from './fuzz-harness.ts';

describeMalformedInputs(2);

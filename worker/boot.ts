// The worker entry's first import (worker/index.ts), evaluated before three and the engine: in a
// parse worker, its parent hears at once that the script runs (parse/steps.ts announceAlive).
import { announceAlive } from './models/load/parse/steps';

announceAlive();

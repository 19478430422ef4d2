// The worker entry's first import (worker/index.ts), evaluated before three and the engine: in a
// parse worker, its parent hears at once that the script runs (parse/steps.ts announceAlive), and
// a port the page hands over for its render worker is taken as soon as it comes (listenForRenderPort).
import { announceAlive, listenForRenderPort } from './models/load/parse/steps';

announceAlive();
listenForRenderPort();

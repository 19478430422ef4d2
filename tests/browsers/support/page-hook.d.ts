// The callbacks these tests hand to a driver's evaluate() run in the playground, where `window.__dash3d`
// is its test hook: this brings the hook's `declare global` (playground/testHook.ts) into the check.
import type {} from '../../../playground/testHook';

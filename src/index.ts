// Public exports of the dash3d plug-in. The main bundle never contains three.js.
export { ThreeDSpace } from './widgets/space/ThreeDSpace';
export type { ThreeDSpaceHandle, ThreeDSpaceProps } from './widgets/space/ThreeDSpace';
export * from '../shared/schema';
export * from '../shared/protocol';
export { t, describeIssues } from '../shared/i18n';
export type { Locale } from '../shared/i18n';

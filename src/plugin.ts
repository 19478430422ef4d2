import type { ThreeDHost, WidgetDescriptor } from './host/types';
import { spaceWidget } from './widgets/space/descriptor';
import { modelWidget } from './widgets/model/descriptor';
import { cardWidget } from './widgets/data-card/descriptor';
import { groupWidget } from './widgets/group/descriptor';

export { SPACE_EVENTS } from './widgets/space/SpaceWidget';
export { MODEL_EVENTS } from './widgets/model/events';

/**
 * The plug-in's widgets for this host: the 3D space container, model, data card and (only where the
 * host supports layout inheritance, spec §2) component group. Each needs the `threeD` permission
 * (spec §6); without it nothing is offered. The answer reflects the host at call time: a host
 * whose user or permissions change calls this again.
 */
export function createThreeDPlugin(host: ThreeDHost): { widgets: WidgetDescriptor[] } {
  const all = [spaceWidget, modelWidget, cardWidget, ...(host.supportsLayoutInheritance ? [groupWidget] : [])];
  return { widgets: all.filter((w) => host.hasPermission(w.permission)) };
}

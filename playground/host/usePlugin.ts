import { useLayoutEffect, useMemo, useRef } from 'react';
import { createThreeDPlugin, type ThreeDHost, type WidgetDescriptor } from 'dash3d';

/**
 * The plug-in's descriptors, twice:
 * - `offered`: what this host's user may place (createThreeDPlugin filters by permission and layout
 *   inheritance), for the palette. Cheap, so made again whenever the host changes.
 * - `byType`: how to draw and configure any widget already on the dashboard. A stored dashboard
 *   stays visible to a user without the permission (a viewer in preview) and a group stays drawn
 *   when inheritance is switched off, so these come from a plug-in made once with a host that
 *   grants everything. Its other fields read the current host; the views get the real host as a
 *   prop, and a language or mode switch never remounts them (a 3D space would restart its worker).
 */
export function usePlugin(host: ThreeDHost) {
  const latest = useRef(host);
  // Kept current after each render, before effects and events read it (createThreeDPlugin reads
  // only hasPermission and supportsLayoutInheritance, when called; nothing reads these in render).
  useLayoutEffect(() => {
    latest.current = host;
  });
  const byType = useMemo(() => {
    const renderHost: ThreeDHost = {
      get locale() {
        return latest.current.locale;
      },
      get mode() {
        return latest.current.mode;
      },
      hasPermission: () => true,
      get media() {
        return latest.current.media;
      },
      get variables() {
        return latest.current.variables;
      },
      get userCode() {
        return latest.current.userCode;
      },
      supportsLayoutInheritance: true,
    };
    return new Map<string, WidgetDescriptor>(createThreeDPlugin(renderHost).widgets.map((d) => [d.type, d]));
  }, []);
  const offered = useMemo(() => createThreeDPlugin(host).widgets, [host]);
  return { offered, byType };
}

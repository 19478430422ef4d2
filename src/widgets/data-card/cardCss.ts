/*
 * Defaults only, wrapped in :where() so they weigh nothing: any host theme rule for the selectors of
 * shared/schema/card.ts (.dash3d-card, .dash3d-card--active, .dash3d-card__item) wins over them.
 * Inside a 3D space the render worker draws the card from these computed styles (CardThemeProbe):
 * background, text colour, border colour/width/radius, font size/family/weight and padding are
 * what it reads, so every one of them is set here rather than inherited from the host page.
 *
 * CSS as text, placed by <PackageStyle> (src/host/PackageStyle.tsx): a host's bundler needs no CSS loader.
 */
export const CARD_CSS = `
:where(.dash3d-card) {
  padding: 8px 10px;
  border: 1px solid rgba(120, 200, 255, 0.6);
  border-radius: 4px;
  background: rgba(10, 24, 40, 0.82);
  color: #e6f4ff;
  font-family:
    system-ui,
    -apple-system,
    'Segoe UI',
    'PingFang SC',
    'Microsoft YaHei',
    'WenQuanYi Micro Hei',
    sans-serif;
  font-size: 12px;
  font-weight: 400;
  line-height: 1.5;
}
:where(.dash3d-card.dash3d-card--active) {
  border-color: #69b1ff;
  background: rgba(16, 48, 82, 0.9);
  box-shadow: 0 0 8px rgba(105, 177, 255, 0.7);
}
:where(.dash3d-card__item) {
  display: flex;
  gap: 4px;
  min-width: 0;
}
:where(.dash3d-card__label)::after {
  content: ':';
}
:where(.dash3d-card__value) {
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
}
:where(.dash3d-card__line) {
  color: rgba(120, 200, 255, 0.8);
}
`;

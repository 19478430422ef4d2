/*
 * The edit mask is always there to catch the double click; it darkens and shows its text on hover,
 * and on keyboard focus so keyboard users see what Enter does.
 *
 * CSS as text, placed by <PackageStyle> (src/host/PackageStyle.tsx): a host's bundler needs no CSS loader.
 */
export const GROUP_CSS = `
.dash3d-group__mask {
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  color: #fff;
  font-size: 14px;
  cursor: pointer;
}
.dash3d-group__mask--shown {
  background: rgba(0, 0, 0, 0.45);
}
`;

// The root layout every App Router app has (a server component).
export const metadata = { title: 'A host editor (Next.js)', icons: { icon: 'data:,' } };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}

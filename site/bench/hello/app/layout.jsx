// The Lighthouse yardstick: a Next.js static export with no code of its own,
// built from the shop's own Next and React. What it scores is the floor the
// framework sets on this machine; the shop's pages are measured next to it.
export const metadata = { title: "Hello" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}

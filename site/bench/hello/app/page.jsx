export default function Page() {
  return (
    <main>
      <h1>Hello</h1>
      <p>A static Next.js page with no code of its own, on the same Next and React as the shop.</p>
    </main>
  );
}

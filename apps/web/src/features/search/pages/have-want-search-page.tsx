export default function Page() {
  return <h1>Coming soon</h1>;
}

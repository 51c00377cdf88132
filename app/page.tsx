export default function Home() {
  return <main className="p-8">Skycast Platform</main>;
}

export function meta() {
  return [{ title: 'Home' }, { name: 'description', content: 'A bare page.' }];
}

export function loader() {
  return { message: 'Hello from a loader' };
}

export default function Home({ loaderData }: { loaderData: { message: string } }) {
  return (
    <main>
      <h1>Home</h1>
      <p>{loaderData.message}</p>
    </main>
  );
}

export function meta() {
  return [{ title: 'Article' }];
}

export function loader() {
  return {
    title: 'An article',
    paragraphs: Array.from({ length: 20 }, (_, index) => `Paragraph ${index + 1} of the article.`),
  };
}

export default function Article({
  loaderData,
}: {
  loaderData: { title: string; paragraphs: string[] };
}) {
  return (
    <main>
      <h1>{loaderData.title}</h1>
      {loaderData.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </main>
  );
}

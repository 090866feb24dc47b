import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { NotFound } from '~app/components/NotFound.tsx';
import { SkeletonGallery } from '~app/components/ui/skeleton-gallery.tsx';
import { HomeBlocksGallery } from '~app/blocks/gallery.tsx';
import { pageMeta } from '~app/meta.ts';
import { PRIMITIVE_SECTIONS, PrimitivesGallery } from './primitives-gallery.tsx';
import styles from './gallery.module.css';

/** A development and test page: a portal set up for production answers 404. */
export function loader({ context }: LoaderFunctionArgs) {
  const available = context.showsBlockGallery;
  return data({ available }, { status: available ? 200 : 404 });
}

export function meta({ matches, loaderData }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => (loaderData?.available ? 'Block gallery' : 'Page not found'), {
    noIndex: true,
  });
}

/** Every block in each of its states, for screenshots and accessibility checks (not in production). */
export default function BlockGallery() {
  const { available } = useLoaderData<typeof loader>();
  if (!available) return <NotFound />;
  return (
    <div className={`page ${styles.gallery}`}>
      <div>
        <h1>Block gallery</h1>
        <p className={styles.intro}>
          Every block of the portal in each of its states. This page exists outside production only.
        </p>
        <nav aria-label="Gallery sections">
          <ul className={styles.toc}>
            {PRIMITIVE_SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
            <li>
              <a href="#skeleton-gallery-heading">Skeleton loaders</a>
            </li>
            <li>
              <a href="#home-blocks-gallery">Home and partner blocks</a>
            </li>
          </ul>
        </nav>
      </div>
      <PrimitivesGallery />
      <SkeletonGallery />
      <HomeBlocksGallery />
    </div>
  );
}

import type { StarRating as StarRatingModel } from '~core/ui';
import styles from './StarRating.module.css';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Star({ fill }: { fill: number }) {
  return (
    <span className={styles.star}>
      <svg className={styles.empty} viewBox="0 0 24 24" focusable="false">
        <path d={STAR_PATH} />
      </svg>
      {fill > 0 ? (
        <span className={styles.fill} style={{ width: `${fill}%` }}>
          <svg viewBox="0 0 24 24" focusable="false">
            <path d={STAR_PATH} />
          </svg>
        </span>
      ) : null}
    </span>
  );
}

/**
 * Spec 2.6 'Star rating': 5 stars filled by percentage, read out as '{rating} out of 5 stars',
 * followed by the review count.
 */
export function StarRating({ rating }: { rating: StarRatingModel }) {
  return (
    <p className={styles.rating}>
      <span className={styles.stars} aria-hidden="true">
        {rating.starFills.map((fill, index) => (
          <Star key={index} fill={fill} />
        ))}
      </span>
      <span className="visually-hidden">{rating.ratingText}</span>
      <span className={styles.reviews}>{rating.reviewText}</span>
    </p>
  );
}

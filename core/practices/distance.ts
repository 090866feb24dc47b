/*
 * Distances on the earth for the directory: a bounding box narrows the offices an index can
 * find, the exact great-circle distance orders and shows them.
 */

export interface Coordinates {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

/** The haversine distance in kilometres. */
export function distanceKm(from: Coordinates, to: Coordinates): number {
  const dLat = (to.lat - from.lat) * RADIANS;
  const dLon = (to.lon - from.lon) * RADIANS;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.lat * RADIANS) * Math.cos(to.lat * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * Every point within `radiusKm` of the centre lies in this box. Near a pole, or where the box
 * would cross the antimeridian, it takes every longitude: wider, never missing anyone.
 */
export function boundingBox(centre: Coordinates, radiusKm: number): BoundingBox {
  const dLat = radiusKm / (EARTH_RADIUS_KM * RADIANS);
  const minLat = Math.max(-90, centre.lat - dLat);
  const maxLat = Math.min(90, centre.lat + dLat);
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const cos = Math.cos(widest * RADIANS);
  const dLon = cos <= 1e-9 ? 360 : dLat / cos;
  if (dLon >= 180 || centre.lon - dLon < -180 || centre.lon + dLon > 180)
    return { minLat, maxLat, minLon: -180, maxLon: 180 };
  return { minLat, maxLat, minLon: centre.lon - dLon, maxLon: centre.lon + dLon };
}

/**
 * The squared distance on a flat projection around the centre, as a database can compute it
 * with arithmetic alone: within a directory radius it orders offices as the great circle does.
 */
export function projectionScale(centre: Coordinates): number {
  return Math.cos(centre.lat * RADIANS) ** 2;
}

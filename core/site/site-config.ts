/** The configured names a page is written with: {brand} and {product} of the spec. */
export interface SiteNames {
  brand: string;
  product: string;
}

/** What the browser may know about the configuration: no secrets, no database. */
export interface PublicConfig extends SiteNames {
  /** The community base URL that full URLs are built on. */
  siteUrl: string;
  prefix: string;
  learningBaseUrl: string;
  appsHost: string;
  /** The environment label of spec section 1. */
  environment: string;
  ssoProvider: string;
}

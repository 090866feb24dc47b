import { createContext } from 'react';

/**
 * Where icons find their drawings: the root hands down the sprite's versioned address; outside
 * the portal's pages (a component rendered on its own) the plain address serves the same sprite.
 */
export const IconSpriteContext = createContext('/icons.svg');

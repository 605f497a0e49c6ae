// Apart from pages.ts, which the container itself imports: the two would import each other.

import { lazyPage } from './lazy-page';

/** Everything behind sign-in (visitors of the public pages never load it). */
export const SignedInContainer = lazyPage(
  () => import('../layout/signed-in-container').then((m) => m.SignedInContainer),
  { landingStylesOnly: true },
);

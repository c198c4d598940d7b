// Apart from the rest of the die shop's vocabulary (dieshop.schema.ts): the profile resource's
// declaration uses it, and the shell contract reads that declaration's route on the sign-in page,
// which should load no more than it needs.

/** sólido / semihueco / hueco: how the profile's section closes (a hollow needs a porthole or bridge die). */
export const PROFILE_SHAPES = ['solid', 'semi_hollow', 'hollow'] as const;
export type ProfileShape = (typeof PROFILE_SHAPES)[number];

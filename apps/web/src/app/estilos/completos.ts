/**
 * Every Mantine style, loaded with the signed-in layouts and the public pages other than sign-in (their chunks
 * import this module). It repeats the rules of `base.ts` with identical values, so the order does not matter.
 */
import '@mantine/core/styles.css';

// Who is whose friend and who blocked whom, as SQL the other modules build on: the lowest of the
// feature modules, importing none of them.
export { blockedEitherWayIds, isBlockedPair } from './block-checks.js';
export { blockedEitherWay, blockedIdsOf } from './blocks.sql.js';
export { friendCountOf, friendIdsOf, pairOf } from './friends.sql.js';
export { memberExists } from './members.js';

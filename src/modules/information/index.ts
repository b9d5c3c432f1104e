// What other modules and the layers above may use of the additional-information loop (§14.3); the rest of
// the folder is its own. Other code imports the module only through this file.
export {
  checkItemsShape,
  DEFAULT_KEYS,
  INFORMATION_CATALOG,
  keysAskedOf,
  type InformationItem,
  type InformationKey,
  type InformationSubject,
} from './catalog.js';
export { answerRound, informationOf, openRound, type InformationRequestView, type InformationView, type RoundOwner } from './loop.js';
export { provideInformationOwner, type InformationOwner } from './owners.js';
export { capturedReviewOutcome, type CapturedReview, type ReviewOutcome } from './sandbox.js';

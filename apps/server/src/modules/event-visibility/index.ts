// What other modules use of the event visibility rule: events, and the lower modules that read
// events for it (reports, uploads, notifications), share this one rule.
export { type EventOpenColumns, eventOpenToEveryone, eventVisibleTo } from './visibility.js';

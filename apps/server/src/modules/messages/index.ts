// What other modules may use of messages.
export { sendMessage } from './commands/send-message.js';

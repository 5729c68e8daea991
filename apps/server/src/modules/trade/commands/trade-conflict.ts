import { AppError } from '../../../lib/app-error.js';

/** 409: the step no longer fits where the listing or trade stands. */
export const tradeConflict = (detail: string) => new AppError('CONFLICT', detail);

import { TRADE_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../../lib/app-error.js';
import { isBlockedPair } from '../../relations/index.js';
import { getTrade, insertThanks } from '../trade.queries.js';
import { pushUpdate, tell } from '../trade-notices.js';
import { tradeConflict } from './trade-conflict.js';

/** Thanks the other member of the trade, once; they are told. 404 for anyone but its two members. */
export async function thankTradePartner(app: FastifyInstance, userId: number, tradeId: number, content: string) {
  const trade = await getTrade(app.db, userId, tradeId);
  if (!trade) throw notFound(TRADE_TEXTS.tradeNotFound);
  const otherId = trade.owner.id === userId ? trade.receiver.id : trade.owner.id;
  if (await isBlockedPair(app.db, userId, otherId)) throw forbidden(TRADE_TEXTS.cannotTrade);
  const thanks = await insertThanks(app.db, { trade_id: trade.id, from_user_id: userId, to_user_id: otherId, content });
  if (!thanks) throw tradeConflict(TRADE_TEXTS.alreadyThanked);
  await tell(app, {
    user_id: otherId,
    type: 'thanks_received',
    from_user_id: userId,
    match_key: `thanks:${thanks.id}`,
    note: thanks.content,
  });
  if (trade.listing_id) pushUpdate(app, [userId, otherId], trade.listing_id, trade.id);
  return thanks;
}

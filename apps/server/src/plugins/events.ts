import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The domain events, by name: each module declares the events it emits by merging into this
 * interface (`declare module '../../plugins/events.js'`), so the kernel names none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type EventName = keyof DomainEvents;
type Handler<E extends EventName> = (payload: DomainEvents[E]) => void | Promise<void>;

export interface Events {
  /**
   * Tells what a write did, once it is committed: this instance's handlers run in the order they
   * were added and are awaited (a failing one is logged, never the writer's failure), and every
   * instance's `onEveryInstance` handlers hear it.
   */
  emit<E extends EventName>(name: E, payload: DomainEvents[E]): Promise<void>;
  /** Hears the events of writes made on this instance: the side effects (notices, e-mails, pushes). */
  on<E extends EventName>(name: E, handler: Handler<E>): void;
  /**
   * Hears the events of writes made on any instance (through Redis when scaled out): what a cache
   * of the changed rows must drop. An event lost while Redis is away is made up for by how long
   * each cache trusts what it holds.
   */
  onEveryInstance<E extends EventName>(name: E, handler: Handler<E>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: Events;
  }
}

/** Domain events: commands emit them after commit; features subscribe instead of being called. */
export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const local = new Map<EventName, Handler<EventName>[]>();
    const everywhere = new Map<EventName, Handler<EventName>[]>();
    const add = (map: typeof local, name: EventName, handler: Handler<EventName>) =>
      map.set(name, [...(map.get(name) ?? []), handler]);

    const run = async (handlers: Handler<EventName>[] | undefined, name: EventName, payload: unknown) => {
      for (const handler of handlers ?? []) {
        try {
          await handler(payload as DomainEvents[EventName]);
        } catch (error) {
          app.log.error({ err: error, event: name }, 'an event handler failed');
        }
      }
    };

    app.realtime.onInstanceEvent((name, payload) => run(everywhere.get(name as EventName), name as EventName, payload));

    app.decorate('events', {
      async emit(name, payload) {
        await run(everywhere.get(name), name, payload);
        if (everywhere.has(name)) app.realtime.toOtherInstances(name, payload);
        await run(local.get(name), name, payload);
      },
      on(name, handler) {
        add(local, name, handler as Handler<EventName>);
      },
      onEveryInstance(name, handler) {
        add(everywhere, name, handler as Handler<EventName>);
      },
    } satisfies Events);
  },
  { name: 'events', dependencies: ['realtime'] },
);

/** What a command needs of the app: the database to write to and the events to tell. */
export type Writer = Pick<FastifyInstance, 'db' | 'events'>;

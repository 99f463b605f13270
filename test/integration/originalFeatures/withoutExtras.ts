import type { ServiceWithout } from '../support/serviceWithout';
import { serviceWithout } from '../support/serviceWithout';

/** Paths of the original's endpoints beyond the interface. */
const EXTRAS = /^\/(slow_queries\/|copy_database|databases\/[^/]+\/(users|ops)(\/|$|\?)|deployments\/[^/]+\/stats)/;

/**
 * A service that offers only the interface: a proxy to the local service that answers the original's extra
 * endpoints 404, as a service without them would.
 */
export const serviceWithoutExtras = (target: string): Promise<ServiceWithout> => serviceWithout(target, EXTRAS);

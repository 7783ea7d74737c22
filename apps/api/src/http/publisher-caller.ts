import type { FastifyRequest } from 'fastify';
import type { PublisherKeyMode } from '@krowd/domain/publisher/publisher-key.rules';

/**
 * The publisher a key-authenticated call is made for, and by which key (decision 0089). Here, not
 * in modules/publishers, because the access plugin sets it on the request and modules read it:
 * plugins reach no module (decision 0057).
 */
export interface PublisherCaller {
  keyId: string;
  mode: PublisherKeyMode;
  publisherId: string;
  publisherCode: string;
}

/** What the access plugin needs of the publishers module: a key checked for the route's modes. */
export interface PublisherKeyAuthenticator {
  authenticate(request: FastifyRequest, modes: readonly PublisherKeyMode[]): Promise<PublisherCaller>;
}

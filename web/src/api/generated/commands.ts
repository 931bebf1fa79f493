// Generated from the service's OpenAPI document by openapi-typescript; do not edit.
// Made again by: npx vitest run --project command-service test/openapi -u

export interface paths {
    "/api/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register the signed-in identity as a Buyer or a Seller (again: no change)
         * @description A signed-in Firebase identity: `Authorization: Bearer <Firebase ID token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["registerUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/seller": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the signed-in Buyer a Seller
         * @description A Buyer: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["applyForSeller"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change your own name, phone or picture (modifiedCount 0: no change)
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        put: operations["changeProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/admin/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Promote a user to Admin
         * @description An Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        put: operations["promoteToAdmin"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a user, their sign-in account, and withdraw their cars
         * @description An Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/category": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a category (names are unique, case-insensitively)
         * @description An Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["createCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/category/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a category that has no cars
         * @description An Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        delete: operations["deleteCategory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/product": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List a car for sale
         * @description A Seller (or an Admin): `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["listCar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Advertise a car (once)
         * @description The car's seller: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        put: operations["advertiseCar"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/product/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a car
         * @description The car's seller, or an Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        delete: operations["deleteCar"];
        options?: never;
        head?: never;
        /**
         * Change a listing: its price, details or description (modifiedCount 0: no change)
         * @description The car's seller, or an Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        patch: operations["editCar"];
        trace?: never;
    };
    "/api/product/{id}/sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a car sold: it leaves search, and its open booking ends
         * @description The car's seller: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["markCarSold"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask to book a meetup for a car (not your own, not a booked one)
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["bookCar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a requested booking
         * @description The seller of the booked car: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["acceptBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline a requested booking: the car is free for others
         * @description The seller of the booked car: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["declineBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/booking/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a booking: its buyer, while requested or accepted; its seller, once accepted
         * @description The booking's buyer, or the seller of its car: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["cancelBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/favourites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Keep a car for sale as a favourite (modifiedCount 0: it was one already)
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        put: operations["favouriteCar"];
        post?: never;
        /**
         * Let a favourite go (deletedCount 0: it was not one)
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        delete: operations["unfavouriteCar"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/saved-searches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a search under a name, to come back to it and hear of new matches
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["saveSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/saved-searches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one of your saved searches
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        delete: operations["deleteSavedSearch"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark your notifications read, up to a position or all of them
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["readNotifications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write to a car's seller (not your own car): opens your conversation about it, or goes on with it
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["startConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message in a conversation
         * @description The conversation's buyer or seller: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a conversation's messages read, up to one of them
         * @description The conversation's buyer or seller: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["readConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refuse every message from the other party of a conversation, in every conversation
         * @description The conversation's buyer or seller: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["blockParty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/unblock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept messages from the other party of a conversation again
         * @description The conversation's buyer or seller: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["unblockParty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a car, a user or a message of your conversations (once while your report is open)
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["fileReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a subject's open reports: dismiss them, hide or restore the car, suspend its owner or lift the suspension
         * @description An Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["resolveReports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/{id}/view": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record reading the conversation around a reported message (the audit log shows it); then read it
         * @description An Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["viewReportedMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/product/{id}/renew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Renew a car for sale, expired or not: it is on the market for another term
         * @description The car's seller: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["renewCar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Review the seller of a meetup they accepted, once its time has passed (the booking's buyer, once; the review's id is the booking's)
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["postReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reviews/{id}/answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a review of you, once (the seller reviewed)
         * @description Any registered user: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["answerReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an API key for an integrator; the answer shows the key this once
         * @description An Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        post: operations["issueApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key: refused at once (deletedCount 0: it was revoked already)
         * @description An Admin: `Authorization: bearer <service token>`. The role is the caller's current one, from their own user record.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a webhook endpoint; the answer shows its signing secret this once
         * @description An Admin (`Authorization: bearer <service token>`), or an API key with the `webhooks:manage` scope (`Authorization: Bearer sgk_...`). The role, or the key's scopes, are the current ones, from their own record.
         */
        post: operations["registerWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hold a webhook's deliveries (modifiedCount 0: it was paused already)
         * @description An Admin (`Authorization: bearer <service token>`), or an API key with the `webhooks:manage` scope (`Authorization: Bearer sgk_...`). The role, or the key's scopes, are the current ones, from their own record.
         */
        post: operations["pauseWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver a paused webhook's messages again (modifiedCount 0: it was not paused)
         * @description An Admin (`Authorization: bearer <service token>`), or an API key with the `webhooks:manage` scope (`Authorization: Bearer sgk_...`). The role, or the key's scopes, are the current ones, from their own record.
         */
        post: operations["resumeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint; its waiting messages are dropped
         * @description An Admin (`Authorization: bearer <service token>`), or an API key with the `webhooks:manage` scope (`Authorization: Bearer sgk_...`). The role, or the key's scopes, are the current ones, from their own record.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver a webhook's events after a position again, with their first webhook ids
         * @description An Admin (`Authorization: bearer <service token>`), or an API key with the `webhooks:manage` scope (`Authorization: Bearer sgk_...`). The role, or the key's scopes, are the current ones, from their own record.
         */
        post: operations["replayWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a car picture
         * @description multipart/form-data with one file field `image`: JPEG, PNG or WebP, recognised by content. At most 2097152 bytes and 16000000 pixels. Seller or Admin.
         */
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description An error answer, application/problem+json (RFC 9457) */
        Problem: {
            /** @description `about:blank`, or `urn:second-gear:rule:<rule>` for a domain rule */
            type: string;
            title: string;
            status: number;
            detail: string;
            instance?: string;
            /** @description For a 400: each field at fault */
            errors?: {
                field: string;
                message: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    registerUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name; defaults to the identity name or the email */
                    name?: string;
                    /** @description Ignored: the email is the signed-in identity email */
                    email?: string;
                    /**
                     * @description Buyer or Seller; an Admin is only ever promoted
                     * @default Buyer
                     * @enum {string}
                     */
                    type?: "Buyer" | "Seller";
                    photoURL?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    applyForSeller: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    changeProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description The phone a booking starts with; blank or null clears it */
                    phone?: string | null;
                    /** @description A picture; blank or null clears it */
                    photoURL?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    promoteToAdmin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        deletedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteCategory: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        deletedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Ignored: taken from the seller's record */
                    seller_name?: string;
                    /** @description Ignored: taken from the seller's record */
                    email?: string;
                    /** @description Category name or id */
                    category: string;
                    image: string;
                    /** @description Dollars, 1 to 10,000,000 (a numeric string is accepted) */
                    original_price: number;
                    /** @description Dollars, 1 to 10,000,000 (a numeric string is accepted) */
                    price: number;
                    location: string;
                    /** @description Years, 0 to 100 (a numeric string is accepted) */
                    use: number;
                    /** @description For example Toyota */
                    make?: string;
                    /** @description For example Corolla */
                    model?: string;
                    /** @description Model year, 1900 to next year */
                    year?: number;
                    /** @description Kilometres */
                    mileage?: number;
                    /** @enum {string} */
                    fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                    /** @enum {string} */
                    transmission?: "manual" | "automatic";
                    /** @description Plain text */
                    description?: string;
                    /** @description More pictures: the gallery is `image`, then these in order */
                    images?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    advertiseCar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteCar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        deletedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    editCar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Dollars, 1 to 10,000,000 (a numeric string is accepted) */
                    original_price?: number;
                    /** @description Dollars, 1 to 10,000,000 (a numeric string is accepted) */
                    price?: number;
                    location?: string;
                    /** @description Years, 0 to 100 (a numeric string is accepted) */
                    use?: number;
                    make?: string | null;
                    model?: string | null;
                    year?: number | null;
                    mileage?: number | null;
                    fuel?: ("petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other") | null;
                    transmission?: ("manual" | "automatic") | null;
                    description?: string | null;
                    /** @description The gallery in order, the cover first; at most 10 */
                    images?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    markCarSold: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    bookCar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The car id */
                    product_id: string;
                    buyer_phone: string;
                    meetup: string;
                    /**
                     * Format: date-time
                     * @description When the buyer proposes to meet (ISO-8601 with offset); optional
                     */
                    proposed_time?: string;
                    /** @description Ignored: the signed-in user */
                    buyer?: string;
                    /** @description Ignored: the signed-in user */
                    buyer_email?: string;
                    /** @description Ignored: from the car */
                    seller?: string;
                    /** @description Ignored: from the car */
                    seller_email?: string;
                    /** @description Ignored: from the car */
                    product_name?: string;
                    /** @description Ignored: from the car */
                    price?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    acceptBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    declineBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    favouriteCar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unfavouriteCar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        deletedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    saveSearch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description The search page’s query, such as make=Toyota&maxPrice=15000 */
                    query: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSavedSearch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        deletedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    readNotifications: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The position of the newest notification read; all of them when left out */
                    upTo?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The car id */
                    carId: string;
                    /** @description The message, 2000 characters at most (trimmed); shown as plain text */
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The message, 2000 characters at most (trimmed); shown as plain text */
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    readConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The last message read (a message's `seq`); every message when absent */
                    upTo?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    blockParty: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unblockParty: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    fileReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subject: {
                        /**
                         * @description What is reported
                         * @enum {string}
                         */
                        type: "car" | "user" | "message" | "review";
                        /** @description The car's or the user's id, or a message's `_id` */
                        id: string;
                    };
                    /** @enum {string} */
                    reason: "scam" | "wrong-details" | "offensive" | "sold" | "duplicate" | "other";
                    /** @description What the reporter adds, 1000 characters at most */
                    details?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resolveReports: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    action: "dismiss" | "hide-car" | "restore-car" | "hide-review" | "restore-review" | "suspend-user" | "lift-suspension";
                    /** @description Why: the owner of the car or account acted on is told it */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    viewReportedMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    renewCar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postReview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The booking whose meetup is reviewed: yours, accepted, its time passed */
                    bookingId: string;
                    /** @description Stars, 1 to 5 */
                    rating: number;
                    /** @description What you add, 1000 characters at most */
                    text?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    answerReview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    issueApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whose key it is, or what it is for */
                    name: string;
                    /** @description feed:read (the car feed), webhooks:manage (the webhook calls) */
                    scopes: ("feed:read" | "webhooks:manage")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                        /** @description The key, shown this once: send it as `Authorization: Bearer <key>` */
                        key: string;
                        /** @description How the key list shows it */
                        prefix: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        deletedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    registerWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description http or https; its host must resolve to public addresses (docs/integrator-feed.md) */
                    url: string;
                    /** @description The car events to deliver, named as on the feed */
                    types: ("CarListed" | "CarAdvertised" | "CarBooked" | "BookingAccepted" | "BookingDeclined" | "BookingCancelled" | "BookingEnded" | "CarPriceChanged" | "CarDetailsChanged" | "CarPhotosChanged" | "CarSold" | "CarDeleted")[];
                    /** @description What it is for */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        insertedId: string;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                        /** @description The signing secret (Standard Webhooks, whsec_...), shown this once */
                        secret: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pauseWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resumeWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        deletedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replayWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key (per user) gets the same answer, once */
                "idempotency-key"?: string;
                /** @description Ties the events of this request to a wider operation; a new one when absent */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description A user uid, or the UUID of a car, category or booking */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Deliver again the endpoint's events after this position (a feed id) */
                    fromPosition: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        acknowledged: true;
                        modifiedCount: number;
                        /** @description Event-store position of the last event of this command */
                        position: string;
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found: what the request names does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict: a rule refuses it (`type` names the rule), or another change came first: try again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gone: what the request works on was deleted for good. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    uploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The picture: JPEG, PNG or WebP.
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description The main width; what a car’s `image` field takes. */
                            url: string;
                            width: number;
                            height: number;
                            /** @description Every width class (400, 800, 1600), narrowest first, with the size stored under it: a class wider than the upload holds the upload’s own width. */
                            variants: {
                                url: string;
                                width: number;
                                height: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad Request: the request is not valid: `errors` names each field at fault. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized: no valid token was sent, or its account no longer exists. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden: the caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Content Too Large: the body is larger than this call accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type: the body is not of a type this call accepts. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests: too many requests from this client: wait as long as `Retry-After` says. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable: a service this one depends on does not answer: try again after `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}

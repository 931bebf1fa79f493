// Generated from the service's OpenAPI document by openapi-typescript; do not edit.
// Made again by: npx vitest run --project query-service test/openapi -u

export interface paths {
    "/api/jwt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exchanges a Firebase ID token (Authorization: Bearer) for the service token; 404 until the user is registered */
        get: operations["getServiceToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user record (own, or an admin) */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All users, oldest first, optionally of one role (admins) */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The categories, by name */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All cars, newest first, or a search of them; with `email`, that seller's cars (the seller or an admin)
         * @description Without filters, every car: those still bookable first, then the booked ones, each newest first, paged by `page`. With any filter, `sort` or `cursor`, a search: booked cars are left out unless `booked` says otherwise, and the next page is the `next` link (a cursor). `X-Total-Count` is exact up to 10,000 matches; above, an estimate, and `X-Total-Count-Estimated: true` says so.
         */
        get: operations["listCars"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/facets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The filter panel's counts for a search (the same filters as the car list)
         * @description Each dimension is counted with every filter except its own, so it shows what choosing another value would find.
         */
        get: operations["searchCarFacets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/advertise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Recommended cars: advertised, not booked, not deleted */
        get: operations["listAdvertisedCars"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/category/products/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cars of a category (by name, case-insensitively), or a search of them */
        get: operations["listCategoryCars"];
        put?: never;
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
        /** One car */
        get: operations["getCar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/product/{id}/price-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A car's price when listed, then at each change, oldest first */
        get: operations["getCarPriceHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/product/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A car's history, oldest first: listed, advertised, booked, deleted (its seller or an admin) */
        get: operations["getCarHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/market-value": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a car of this make, model, year and mileage is worth: the median price of comparable cars for sale and sold, and the fair range
         * @description Comparable: the same make and model, a year within 2 and a mileage within one band of 25,000 km; widened to any mileage, then to a year within 4, until at least 5 are found. `value` is null with fewer.
         */
        get: operations["getMarketValue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/places": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Up to 8 towns whose name begins as typed, most populous first
         * @description From an offline gazetteer of the towns of the world with at least 1,000 inhabitants (GeoNames). A car listed at one of them, and a search near one, are located.
         */
        get: operations["suggestPlaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A seller's bookings received (requests waiting for an answer first), or with type=buyer a buyer's purchases, newest first (own, or an admin) */
        get: operations["listBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who did what to whom and when, newest first (admins) */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feed/cars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Car events for integrators, as server-sent events (public fields only)
         * @description text/event-stream. Each message: `id: <position>`, `event: <its type: CarListed, CarSold, ...>`, `data: <CarFeedEvent JSON>`. Resume with the Last-Event-ID header. See docs/integrator-feed.md.
         */
        get: operations["followCarFeed"];
        put?: never;
        post?: never;
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
        /** The API keys issued, newest first, with when each was last used (admins) */
        get: operations["listApiKeys"];
        put?: never;
        post?: never;
        delete?: never;
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
        /** The webhook endpoints, newest first, with their last delivery */
        get: operations["listWebhooks"];
        put?: never;
        post?: never;
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
        /** One webhook endpoint, with its last delivery */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook's delivery attempts, newest first */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/favourites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your favourite cars, the latest kept first (sold ones too; deleted ones leave) */
        get: operations["listFavourites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/favourites/ids": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ids of every car you keep as a favourite, for the hearts on the cards */
        get: operations["listFavouriteIds"];
        put?: never;
        post?: never;
        delete?: never;
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
        /** Your saved searches, newest first */
        get: operations["listSavedSearches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your notifications, newest first; X-Unread-Count says how many are unread */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your notifications and the messages you receive as they come, as server-sent events
         * @description text/event-stream. First an `unread` message with the unread counts (notifications, and messages of your conversations); then, for each new notification, a `notification` message, and for each message someone sends you, a `message` message (each with `id: <position>`); an `unread` message again when a count changes otherwise. Reconnect with Last-Event-ID to receive what came after it.
         */
        get: operations["followNotifications"];
        put?: never;
        post?: never;
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
        /** Your conversations with buyers and sellers, the latest message first; `X-Unread-Messages` counts what you have not read */
        get: operations["listConversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many conversations each of your cars has, by car id (cars with none are absent) */
        get: operations["countConversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A conversation of yours and its latest messages, oldest first (`before` pages back); to anyone else it does not exist */
        get: operations["getConversation"];
        put?: never;
        post?: never;
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
        /** A page of a conversation's messages, newest last: `before` (a `seq`) pages back, and `Link` names the older page; to anyone but its parties it does not exist */
        get: operations["listMessages"];
        put?: never;
        post?: never;
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
        /** Reports grouped by what they are about, with their reasons and a preview, the latest first (admins) */
        get: operations["listReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A reported message and up to 3 messages on either side of it (admins, once their reading is on record) */
        get: operations["readReportedMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sellers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A seller's public profile: since when they are a member, their rating, meetups accepted, how they answer messages, their cars for sale and newest reviews */
        get: operations["readSeller"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sellers/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A seller's reviews from buyers they met, newest first, with the seller's answers (hidden ones left out) */
        get: operations["listSellerReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/state/{type}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A car, user or category as it was at a moment or a position (admins) */
        get: operations["getAuditState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/changes/{type}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What changed in a car, user or category between two moments, event by event (admins) */
        get: operations["listAuditChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each projection and reactor: position, lag, rate, last error (admins) */
        get: operations["getOperationsStatus"];
        put?: never;
        post?: never;
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
    getServiceToken: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
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
                        accessToken: string;
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
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
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
                        /** @description The Firebase uid */
                        _id: string;
                        name: string;
                        email: string;
                        /**
                         * @description The role
                         * @enum {string}
                         */
                        type: "Buyer" | "Seller" | "Admin";
                        photoURL: string | null;
                        /** @description The phone a booking starts with; null until given */
                        phone: string | null;
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
    listUsers: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
                role?: "Buyer" | "Seller" | "Admin";
            };
            header?: never;
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
                        /** @description The Firebase uid */
                        _id: string;
                        name: string;
                        email: string;
                        /**
                         * @description The role
                         * @enum {string}
                         */
                        type: "Buyer" | "Seller" | "Admin";
                        photoURL: string | null;
                        /** @description The phone a booking starts with; null until given */
                        phone: string | null;
                    }[];
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
    listCategories: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
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
                        _id: string;
                        name: string;
                    }[];
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
    listCars: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
                email?: string;
                /** @description Words matched against name, make, model, location and description; a word matches as a prefix ("toy cor" finds a Toyota Corolla), and a misspelt word matches the closest ones */
                q?: string;
                /** @description The category's name (case-insensitive) */
                category?: string;
                /** @description Case-insensitive */
                make?: string;
                /** @description Case-insensitive */
                model?: string;
                minPrice?: number;
                maxPrice?: number;
                minYear?: number;
                maxYear?: number;
                /** @description Kilometres */
                maxMileage?: number;
                fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                transmission?: "manual" | "automatic";
                /** @description The start of the location, case-insensitive */
                location?: string;
                /** @description Only cars within `radiusKm` of this place: a town ("Boulder, CO", "Lyon, France") or "latitude,longitude"; each car then says its `distanceKm`. An unknown place is refused */
                near?: string;
                /** @description Kilometres around `near` (50 when not given) */
                radiusKm?: number;
                /** @description Deal ratings, separated by commas (great,good): only cars rated so against their market value */
                deal?: ("great" | "good" | "fair" | "high" | "overpriced")[];
                /** @description false (the default when searching): cars still available; true: booked cars only; any: both */
                booked?: "false" | "true" | "any";
                /** @description newest (the default) */
                sort?: "newest" | "price_asc" | "price_desc" | "year_desc" | "mileage_asc" | "distance" | "deal";
                /** @description Where the next page starts: the value of the `next` link of the page before (opaque) */
                cursor?: string;
            };
            header?: never;
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
                        _id: string;
                        name: string;
                        seller_name: string;
                        /** @description The seller's email */
                        email: string;
                        /** @description The category's name */
                        category: string;
                        image: string;
                        original_price: number;
                        price: number;
                        location: string;
                        /** @description Years of use */
                        use: number;
                        /** @description 1 while a booking of it is requested or accepted */
                        booked: number;
                        /** @description 1 when advertised */
                        advertise: number;
                        make?: string;
                        model?: string;
                        /** @description Model year */
                        year?: number;
                        /** @description Kilometres */
                        mileage?: number;
                        /** @enum {string} */
                        fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                        /** @enum {string} */
                        transmission?: "manual" | "automatic";
                        /** @description Plain text */
                        description?: string;
                        /** @description Its pictures in order; the first is `image`, the cover */
                        images: string[];
                        /** @description 1 when its seller marked it sold */
                        sold: number;
                        /** @description The seller's id: their profile is /seller/:id */
                        seller_id: string;
                        /** @description The seller's reviews */
                        seller_rating: {
                            /** @description Stars, to one decimal; null with no review */
                            average: number | null;
                            /** @description Their reviews that stand (a hidden one does not count) */
                            count: number;
                        };
                        /** @description The price before the latest change; absent until the price changes */
                        previous_price?: number;
                        /** @description ISO-8601: when its current term began, as listed or as last renewed */
                        listed_at: string;
                        /** @description ISO-8601: when the term ends and it leaves search, unless its seller renews it */
                        expires_at: string;
                        /**
                         * @description Why it is out of search and cannot be booked: hidden by a moderator or by reports, its seller suspended, or expired; absent while it is on the market
                         * @enum {string}
                         */
                        off_market?: "hidden" | "seller-suspended" | "expired";
                        /** @description What the moderator said, on the seller's own list only */
                        off_market_reason?: string;
                        /**
                         * @description Its price against its market value: great, good, fair, high or overpriced; absent while fewer than 5 comparable cars give it a value
                         * @enum {string}
                         */
                        deal?: "great" | "good" | "fair" | "high" | "overpriced";
                        /** @description Its market value and fair range, from comparable cars for sale and sold; absent with `deal` */
                        market?: {
                            /** @description The median price of the comparable cars */
                            value: number;
                            /** @description The 25th percentile: the fair range starts here */
                            low: number;
                            /** @description The 75th percentile: the fair range ends here */
                            high: number;
                            /** @description How many comparable cars */
                            comparables: number;
                        };
                        /** @description Kilometres from the place a search is `near`, to one decimal; only in such a search */
                        distanceKm?: number;
                    }[];
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
    searchCarFacets: {
        parameters: {
            query?: {
                /** @description Words matched against name, make, model, location and description; a word matches as a prefix ("toy cor" finds a Toyota Corolla), and a misspelt word matches the closest ones */
                q?: string;
                /** @description The category's name (case-insensitive) */
                category?: string;
                /** @description Case-insensitive */
                make?: string;
                /** @description Case-insensitive */
                model?: string;
                minPrice?: number;
                maxPrice?: number;
                minYear?: number;
                maxYear?: number;
                /** @description Kilometres */
                maxMileage?: number;
                fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                transmission?: "manual" | "automatic";
                /** @description The start of the location, case-insensitive */
                location?: string;
                /** @description Only cars within `radiusKm` of this place: a town ("Boulder, CO", "Lyon, France") or "latitude,longitude"; each car then says its `distanceKm`. An unknown place is refused */
                near?: string;
                /** @description Kilometres around `near` (50 when not given) */
                radiusKm?: number;
                /** @description Deal ratings, separated by commas (great,good): only cars rated so against their market value */
                deal?: ("great" | "good" | "fair" | "high" | "overpriced")[];
                /** @description false (the default when searching): cars still available; true: booked cars only; any: both */
                booked?: "false" | "true" | "any";
            };
            header?: never;
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
                        /** @description Cars matching every filter */
                        total: number;
                        /** @description True when the counts are scaled from the first 10000 matches */
                        estimated: boolean;
                        category: {
                            value: string;
                            count: number;
                        }[];
                        make: {
                            value: string;
                            count: number;
                        }[];
                        /** @description The models of the chosen make; empty until `make` is given */
                        model: {
                            value: string;
                            count: number;
                        }[];
                        fuel: {
                            value: string;
                            count: number;
                        }[];
                        transmission: {
                            value: string;
                            count: number;
                        }[];
                        /** @description Counts per price band, cheapest first */
                        price: {
                            min: number;
                            /** @description Below this price; null for the top band */
                            max: number | null;
                            count: number;
                        }[];
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
    listAdvertisedCars: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
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
                        _id: string;
                        name: string;
                        seller_name: string;
                        /** @description The seller's email */
                        email: string;
                        /** @description The category's name */
                        category: string;
                        image: string;
                        original_price: number;
                        price: number;
                        location: string;
                        /** @description Years of use */
                        use: number;
                        /** @description 1 while a booking of it is requested or accepted */
                        booked: number;
                        /** @description 1 when advertised */
                        advertise: number;
                        make?: string;
                        model?: string;
                        /** @description Model year */
                        year?: number;
                        /** @description Kilometres */
                        mileage?: number;
                        /** @enum {string} */
                        fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                        /** @enum {string} */
                        transmission?: "manual" | "automatic";
                        /** @description Plain text */
                        description?: string;
                        /** @description Its pictures in order; the first is `image`, the cover */
                        images: string[];
                        /** @description 1 when its seller marked it sold */
                        sold: number;
                        /** @description The seller's id: their profile is /seller/:id */
                        seller_id: string;
                        /** @description The seller's reviews */
                        seller_rating: {
                            /** @description Stars, to one decimal; null with no review */
                            average: number | null;
                            /** @description Their reviews that stand (a hidden one does not count) */
                            count: number;
                        };
                        /** @description The price before the latest change; absent until the price changes */
                        previous_price?: number;
                        /** @description ISO-8601: when its current term began, as listed or as last renewed */
                        listed_at: string;
                        /** @description ISO-8601: when the term ends and it leaves search, unless its seller renews it */
                        expires_at: string;
                        /**
                         * @description Why it is out of search and cannot be booked: hidden by a moderator or by reports, its seller suspended, or expired; absent while it is on the market
                         * @enum {string}
                         */
                        off_market?: "hidden" | "seller-suspended" | "expired";
                        /** @description What the moderator said, on the seller's own list only */
                        off_market_reason?: string;
                        /**
                         * @description Its price against its market value: great, good, fair, high or overpriced; absent while fewer than 5 comparable cars give it a value
                         * @enum {string}
                         */
                        deal?: "great" | "good" | "fair" | "high" | "overpriced";
                        /** @description Its market value and fair range, from comparable cars for sale and sold; absent with `deal` */
                        market?: {
                            /** @description The median price of the comparable cars */
                            value: number;
                            /** @description The 25th percentile: the fair range starts here */
                            low: number;
                            /** @description The 75th percentile: the fair range ends here */
                            high: number;
                            /** @description How many comparable cars */
                            comparables: number;
                        };
                        /** @description Kilometres from the place a search is `near`, to one decimal; only in such a search */
                        distanceKm?: number;
                    }[];
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
    listCategoryCars: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
                /** @description Words matched against name, make, model, location and description; a word matches as a prefix ("toy cor" finds a Toyota Corolla), and a misspelt word matches the closest ones */
                q?: string;
                /** @description The category's name (case-insensitive) */
                category?: string;
                /** @description Case-insensitive */
                make?: string;
                /** @description Case-insensitive */
                model?: string;
                minPrice?: number;
                maxPrice?: number;
                minYear?: number;
                maxYear?: number;
                /** @description Kilometres */
                maxMileage?: number;
                fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                transmission?: "manual" | "automatic";
                /** @description The start of the location, case-insensitive */
                location?: string;
                /** @description Only cars within `radiusKm` of this place: a town ("Boulder, CO", "Lyon, France") or "latitude,longitude"; each car then says its `distanceKm`. An unknown place is refused */
                near?: string;
                /** @description Kilometres around `near` (50 when not given) */
                radiusKm?: number;
                /** @description Deal ratings, separated by commas (great,good): only cars rated so against their market value */
                deal?: ("great" | "good" | "fair" | "high" | "overpriced")[];
                /** @description false (the default when searching): cars still available; true: booked cars only; any: both */
                booked?: "false" | "true" | "any";
                /** @description newest (the default) */
                sort?: "newest" | "price_asc" | "price_desc" | "year_desc" | "mileage_asc" | "distance" | "deal";
                /** @description Where the next page starts: the value of the `next` link of the page before (opaque) */
                cursor?: string;
            };
            header?: never;
            path: {
                name: string;
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
                        _id: string;
                        name: string;
                        seller_name: string;
                        /** @description The seller's email */
                        email: string;
                        /** @description The category's name */
                        category: string;
                        image: string;
                        original_price: number;
                        price: number;
                        location: string;
                        /** @description Years of use */
                        use: number;
                        /** @description 1 while a booking of it is requested or accepted */
                        booked: number;
                        /** @description 1 when advertised */
                        advertise: number;
                        make?: string;
                        model?: string;
                        /** @description Model year */
                        year?: number;
                        /** @description Kilometres */
                        mileage?: number;
                        /** @enum {string} */
                        fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                        /** @enum {string} */
                        transmission?: "manual" | "automatic";
                        /** @description Plain text */
                        description?: string;
                        /** @description Its pictures in order; the first is `image`, the cover */
                        images: string[];
                        /** @description 1 when its seller marked it sold */
                        sold: number;
                        /** @description The seller's id: their profile is /seller/:id */
                        seller_id: string;
                        /** @description The seller's reviews */
                        seller_rating: {
                            /** @description Stars, to one decimal; null with no review */
                            average: number | null;
                            /** @description Their reviews that stand (a hidden one does not count) */
                            count: number;
                        };
                        /** @description The price before the latest change; absent until the price changes */
                        previous_price?: number;
                        /** @description ISO-8601: when its current term began, as listed or as last renewed */
                        listed_at: string;
                        /** @description ISO-8601: when the term ends and it leaves search, unless its seller renews it */
                        expires_at: string;
                        /**
                         * @description Why it is out of search and cannot be booked: hidden by a moderator or by reports, its seller suspended, or expired; absent while it is on the market
                         * @enum {string}
                         */
                        off_market?: "hidden" | "seller-suspended" | "expired";
                        /** @description What the moderator said, on the seller's own list only */
                        off_market_reason?: string;
                        /**
                         * @description Its price against its market value: great, good, fair, high or overpriced; absent while fewer than 5 comparable cars give it a value
                         * @enum {string}
                         */
                        deal?: "great" | "good" | "fair" | "high" | "overpriced";
                        /** @description Its market value and fair range, from comparable cars for sale and sold; absent with `deal` */
                        market?: {
                            /** @description The median price of the comparable cars */
                            value: number;
                            /** @description The 25th percentile: the fair range starts here */
                            low: number;
                            /** @description The 75th percentile: the fair range ends here */
                            high: number;
                            /** @description How many comparable cars */
                            comparables: number;
                        };
                        /** @description Kilometres from the place a search is `near`, to one decimal; only in such a search */
                        distanceKm?: number;
                    }[];
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
    getCar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
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
                        _id: string;
                        name: string;
                        seller_name: string;
                        /** @description The seller's email */
                        email: string;
                        /** @description The category's name */
                        category: string;
                        image: string;
                        original_price: number;
                        price: number;
                        location: string;
                        /** @description Years of use */
                        use: number;
                        /** @description 1 while a booking of it is requested or accepted */
                        booked: number;
                        /** @description 1 when advertised */
                        advertise: number;
                        make?: string;
                        model?: string;
                        /** @description Model year */
                        year?: number;
                        /** @description Kilometres */
                        mileage?: number;
                        /** @enum {string} */
                        fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                        /** @enum {string} */
                        transmission?: "manual" | "automatic";
                        /** @description Plain text */
                        description?: string;
                        /** @description Its pictures in order; the first is `image`, the cover */
                        images: string[];
                        /** @description 1 when its seller marked it sold */
                        sold: number;
                        /** @description The seller's id: their profile is /seller/:id */
                        seller_id: string;
                        /** @description The seller's reviews */
                        seller_rating: {
                            /** @description Stars, to one decimal; null with no review */
                            average: number | null;
                            /** @description Their reviews that stand (a hidden one does not count) */
                            count: number;
                        };
                        /** @description The price before the latest change; absent until the price changes */
                        previous_price?: number;
                        /** @description ISO-8601: when its current term began, as listed or as last renewed */
                        listed_at: string;
                        /** @description ISO-8601: when the term ends and it leaves search, unless its seller renews it */
                        expires_at: string;
                        /**
                         * @description Why it is out of search and cannot be booked: hidden by a moderator or by reports, its seller suspended, or expired; absent while it is on the market
                         * @enum {string}
                         */
                        off_market?: "hidden" | "seller-suspended" | "expired";
                        /** @description What the moderator said, on the seller's own list only */
                        off_market_reason?: string;
                        /**
                         * @description Its price against its market value: great, good, fair, high or overpriced; absent while fewer than 5 comparable cars give it a value
                         * @enum {string}
                         */
                        deal?: "great" | "good" | "fair" | "high" | "overpriced";
                        /** @description Its market value and fair range, from comparable cars for sale and sold; absent with `deal` */
                        market?: {
                            /** @description The median price of the comparable cars */
                            value: number;
                            /** @description The 25th percentile: the fair range starts here */
                            low: number;
                            /** @description The 75th percentile: the fair range ends here */
                            high: number;
                            /** @description How many comparable cars */
                            comparables: number;
                        };
                        /** @description Kilometres from the place a search is `near`, to one decimal; only in such a search */
                        distanceKm?: number;
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
            /** @description Not Found: what the request names does not exist. */
            404: {
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
    getCarPriceHistory: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
            path: {
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
                        price: number;
                        /** @description ISO-8601 */
                        at: string;
                    }[];
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
            /** @description Not Found: what the request names does not exist. */
            404: {
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
    getCarHistory: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
            path: {
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
                        /** @description The event position (decimal) */
                        id: string;
                        position: string;
                        eventId: string;
                        eventType: string;
                        /** @description What happened, in words: "booked", "promoted to admin", ... */
                        action: string;
                        /** @description ISO-8601 time the command was accepted */
                        at: string;
                        actor: {
                            uid: string;
                            email: string;
                            role: string;
                        };
                        subject: {
                            /** @enum {string} */
                            type: "user" | "car" | "category" | "api-key" | "webhook";
                            id: string;
                            label: string;
                        };
                        correlationId: string;
                        details: {
                            [key: string]: unknown;
                        };
                    }[];
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
    getMarketValue: {
        parameters: {
            query: {
                make: string;
                model: string;
                year?: number;
                /** @description Kilometres; without it, any mileage compares */
                mileage?: number;
            };
            header?: never;
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
                        value: number | null;
                        low: number | null;
                        high: number | null;
                        comparables: number;
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
    suggestPlaces: {
        parameters: {
            query: {
                /** @description "Boul", "Aurora, CO", "Lyon, Fr" */
                q: string;
            };
            header?: never;
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
                        /** @description The place as a listing or a search writes it: "Boulder, CO" */
                        label: string;
                        latitude: number;
                        longitude: number;
                    }[];
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
    listBookings: {
        parameters: {
            query: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
                email: string;
                /** @description buyer: the purchases; seller (default): the bookings received */
                type?: "buyer" | "seller";
                /** @description Only the bookings of this car: a car's page shows the buyer's own request */
                product_id?: string;
            };
            header?: never;
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
                        _id: string;
                        buyer: string;
                        seller: string;
                        buyer_email: string;
                        seller_email: string;
                        product_id: string;
                        product_name: string;
                        price: number;
                        buyer_phone: string;
                        meetup: string;
                        /** @description ISO-8601 */
                        booked_at: string;
                        /** @enum {string} */
                        status: "requested" | "accepted" | "declined" | "cancelled" | "ended";
                        /** @description When the buyer proposed to meet (ISO-8601) */
                        proposed_time?: string;
                        /** @description When it was last accepted, declined, cancelled or ended (ISO-8601) */
                        status_changed_at?: string;
                        /** @description The seller's id: their profile is /seller/:id */
                        seller_id: string;
                        /** @description When the seller accepted it (ISO-8601): it stays accepted if the car is then sold */
                        accepted_at?: string;
                        /** @description Whether its buyer reviewed the seller. The buyer may once the seller accepted it and the proposed time has passed (`reviewStageOf`) */
                        reviewed: boolean;
                        /** @description The car's cover picture, as its card shows it (absent once the car is erased) */
                        product_image?: string;
                    }[];
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
    listAuditEntries: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
                /** @description The actor's uid or email */
                actor?: string;
                /** @description The subject's id (user, car or category) */
                subject?: string;
                /** @description An event type, e.g. CarListed */
                type?: string;
                subjectType?: "user" | "car" | "category" | "api-key" | "webhook";
            };
            header?: never;
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
                        /** @description The event position (decimal) */
                        id: string;
                        position: string;
                        eventId: string;
                        eventType: string;
                        /** @description What happened, in words: "booked", "promoted to admin", ... */
                        action: string;
                        /** @description ISO-8601 time the command was accepted */
                        at: string;
                        actor: {
                            uid: string;
                            email: string;
                            role: string;
                        };
                        subject: {
                            /** @enum {string} */
                            type: "user" | "car" | "category" | "api-key" | "webhook";
                            id: string;
                            label: string;
                        };
                        correlationId: string;
                        details: {
                            [key: string]: unknown;
                        };
                    }[];
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
    followCarFeed: {
        parameters: {
            query?: {
                /** @description Start after this position (Last-Event-ID takes precedence) */
                after?: string;
                /** @description false: send what exists and end the stream */
                follow?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events, as server-sent events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
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
    listApiKeys: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
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
                        id: string;
                        name: string;
                        scopes: ("feed:read" | "webhooks:manage")[];
                        /** @description The start of the key, to recognise it by: sgk_<id>_ and more */
                        prefix: string;
                        /** @description ISO-8601 */
                        createdAt: string;
                        /** @description The email of the admin who issued it */
                        createdBy: string;
                        /** @description ISO-8601, to the minute; null when never used */
                        lastUsedAt: string | null;
                        /** @description ISO-8601; null while it may be used */
                        revokedAt: string | null;
                    }[];
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
    listWebhooks: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
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
                        id: string;
                        url: string;
                        types: ("CarListed" | "CarAdvertised" | "CarBooked" | "BookingAccepted" | "BookingDeclined" | "BookingCancelled" | "BookingEnded" | "CarPriceChanged" | "CarDetailsChanged" | "CarPhotosChanged" | "CarSold" | "CarDeleted")[];
                        description: string;
                        /**
                         * @description active; paused (its messages wait); failing (a message was given up after its last attempt)
                         * @enum {string}
                         */
                        status: "active" | "paused" | "failing";
                        /** @description ISO-8601 */
                        createdAt: string;
                        /** @description Who registered it: an admin email, or an API key name */
                        createdBy: string;
                        /** @description The API key that registered it, which alone (with admins) sees and manages it; null for an admin’s */
                        ownerKeyId: string | null;
                        /** @description Messages waiting for delivery */
                        pending: number;
                        /** @description The latest attempt; null before any */
                        lastDelivery: {
                            /** @description ISO-8601 */
                            at: string;
                            /** @description A 2xx answer */
                            ok: boolean;
                            statusCode?: number;
                            /** @description Why no answer came (refused address, timeout, ...) */
                            error?: string;
                            messageId: string;
                            eventType: string;
                        } | null;
                    }[];
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
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
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
                        id: string;
                        url: string;
                        types: ("CarListed" | "CarAdvertised" | "CarBooked" | "BookingAccepted" | "BookingDeclined" | "BookingCancelled" | "BookingEnded" | "CarPriceChanged" | "CarDetailsChanged" | "CarPhotosChanged" | "CarSold" | "CarDeleted")[];
                        description: string;
                        /**
                         * @description active; paused (its messages wait); failing (a message was given up after its last attempt)
                         * @enum {string}
                         */
                        status: "active" | "paused" | "failing";
                        /** @description ISO-8601 */
                        createdAt: string;
                        /** @description Who registered it: an admin email, or an API key name */
                        createdBy: string;
                        /** @description The API key that registered it, which alone (with admins) sees and manages it; null for an admin’s */
                        ownerKeyId: string | null;
                        /** @description Messages waiting for delivery */
                        pending: number;
                        /** @description The latest attempt; null before any */
                        lastDelivery: {
                            /** @description ISO-8601 */
                            at: string;
                            /** @description A 2xx answer */
                            ok: boolean;
                            statusCode?: number;
                            /** @description Why no answer came (refused address, timeout, ...) */
                            error?: string;
                            messageId: string;
                            eventType: string;
                        } | null;
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
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
            path: {
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
                        /** @description The `webhook-id` header: the same on every attempt and replay */
                        messageId: string;
                        /** @description 1 for the first attempt */
                        attempt: number;
                        /** @description The car event's position (the feed's id) */
                        position: string;
                        eventId: string;
                        eventType: string;
                        ok: boolean;
                        statusCode?: number;
                        error?: string;
                        /** @description Until the answer (or the failure) */
                        latencyMs: number;
                        /** @description The start of the answer body, at most 1 KB */
                        response: string;
                        /** @description ISO-8601 */
                        at: string;
                        /** @description When it is tried again; absent once delivered or given up */
                        nextAttemptAt?: string;
                        /** @description Sent again by a replay */
                        replay: boolean;
                    }[];
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
    listFavourites: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
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
                        _id: string;
                        name: string;
                        seller_name: string;
                        /** @description The seller's email */
                        email: string;
                        /** @description The category's name */
                        category: string;
                        image: string;
                        original_price: number;
                        price: number;
                        location: string;
                        /** @description Years of use */
                        use: number;
                        /** @description 1 while a booking of it is requested or accepted */
                        booked: number;
                        /** @description 1 when advertised */
                        advertise: number;
                        make?: string;
                        model?: string;
                        /** @description Model year */
                        year?: number;
                        /** @description Kilometres */
                        mileage?: number;
                        /** @enum {string} */
                        fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                        /** @enum {string} */
                        transmission?: "manual" | "automatic";
                        /** @description Plain text */
                        description?: string;
                        /** @description Its pictures in order; the first is `image`, the cover */
                        images: string[];
                        /** @description 1 when its seller marked it sold */
                        sold: number;
                        /** @description The seller's id: their profile is /seller/:id */
                        seller_id: string;
                        /** @description The seller's reviews */
                        seller_rating: {
                            /** @description Stars, to one decimal; null with no review */
                            average: number | null;
                            /** @description Their reviews that stand (a hidden one does not count) */
                            count: number;
                        };
                        /** @description The price before the latest change; absent until the price changes */
                        previous_price?: number;
                        /** @description ISO-8601: when its current term began, as listed or as last renewed */
                        listed_at: string;
                        /** @description ISO-8601: when the term ends and it leaves search, unless its seller renews it */
                        expires_at: string;
                        /**
                         * @description Why it is out of search and cannot be booked: hidden by a moderator or by reports, its seller suspended, or expired; absent while it is on the market
                         * @enum {string}
                         */
                        off_market?: "hidden" | "seller-suspended" | "expired";
                        /** @description What the moderator said, on the seller's own list only */
                        off_market_reason?: string;
                        /**
                         * @description Its price against its market value: great, good, fair, high or overpriced; absent while fewer than 5 comparable cars give it a value
                         * @enum {string}
                         */
                        deal?: "great" | "good" | "fair" | "high" | "overpriced";
                        /** @description Its market value and fair range, from comparable cars for sale and sold; absent with `deal` */
                        market?: {
                            /** @description The median price of the comparable cars */
                            value: number;
                            /** @description The 25th percentile: the fair range starts here */
                            low: number;
                            /** @description The 75th percentile: the fair range ends here */
                            high: number;
                            /** @description How many comparable cars */
                            comparables: number;
                        };
                        /** @description Kilometres from the place a search is `near`, to one decimal; only in such a search */
                        distanceKm?: number;
                    }[];
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
    listFavouriteIds: {
        parameters: {
            query?: never;
            header?: never;
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
                    "application/json": string[];
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
    listSavedSearches: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
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
                        _id: string;
                        name: string;
                        /** @description The search page’s query: link back with /products?<query> */
                        query: string;
                        /** @description ISO-8601 */
                        created_at: string;
                    }[];
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
    listNotifications: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
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
                        _id: string;
                        /** @description The position of the event it was made from; mark read up to it */
                        position: string;
                        /** @enum {string} */
                        kind: "booking-requested" | "booking-accepted" | "booking-declined" | "booking-cancelled" | "booking-ended" | "price-dropped" | "favourite-sold" | "search-matched" | "webhook-failing" | "message-received" | "car-hidden" | "car-restored" | "car-reported" | "account-suspended" | "suspension-lifted" | "listing-expiring" | "listing-expired" | "review-posted" | "review-answered" | "review-hidden" | "review-restored";
                        message: string;
                        /** @description A path of the web app to open */
                        link: string;
                        /** @description Absent when it is not about a car */
                        car_id?: string;
                        /** @description Absent when the car is gone */
                        car_name?: string;
                        car_image?: string;
                        /** @description ISO-8601 */
                        at: string;
                        read: boolean;
                        details: {
                            [key: string]: unknown;
                        };
                    }[];
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
    followNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notifications, as server-sent events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
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
    listConversations: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
                /** @description Only the caller's conversation about this car */
                carId?: string;
            };
            header?: never;
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
                        _id: string;
                        /**
                         * @description The caller's part in it
                         * @enum {string}
                         */
                        role: "buyer" | "seller";
                        product: {
                            _id: string;
                            name: string;
                            image: string;
                            price: number;
                            sold: boolean;
                            booked: boolean;
                            deleted: boolean;
                        };
                        with: {
                            _id: string;
                            name: string;
                            /** @description The other party deleted their account */
                            deleted: boolean;
                        };
                        last_message: {
                            /** @description Empty when its author deleted their account */
                            text: string;
                            /** @description ISO-8601 */
                            at: string;
                            mine: boolean;
                        };
                        messages: number;
                        /** @description Messages from the other party the caller has not read */
                        unread: number;
                        /** @description Why no message can be sent any more; null while one can */
                        closed: ("blocked-by-you" | "blocked-you" | "account-deleted" | "car-deleted") | null;
                        /** @description The caller blocked the other party (whatever else closed it) */
                        blocked_by_you: boolean;
                        /** @description ISO-8601 */
                        started_at: string;
                    }[];
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
    countConversations: {
        parameters: {
            query?: never;
            header?: never;
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
                        [key: string]: number;
                    };
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
    getConversation: {
        parameters: {
            query?: {
                /** @description Only the messages before this `seq` (older ones) */
                before?: number;
                limit?: number;
            };
            header?: never;
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
                        conversation: {
                            _id: string;
                            /**
                             * @description The caller's part in it
                             * @enum {string}
                             */
                            role: "buyer" | "seller";
                            product: {
                                _id: string;
                                name: string;
                                image: string;
                                price: number;
                                sold: boolean;
                                booked: boolean;
                                deleted: boolean;
                            };
                            with: {
                                _id: string;
                                name: string;
                                /** @description The other party deleted their account */
                                deleted: boolean;
                            };
                            last_message: {
                                /** @description Empty when its author deleted their account */
                                text: string;
                                /** @description ISO-8601 */
                                at: string;
                                mine: boolean;
                            };
                            messages: number;
                            /** @description Messages from the other party the caller has not read */
                            unread: number;
                            /** @description Why no message can be sent any more; null while one can */
                            closed: ("blocked-by-you" | "blocked-you" | "account-deleted" | "car-deleted") | null;
                            /** @description The caller blocked the other party (whatever else closed it) */
                            blocked_by_you: boolean;
                            /** @description ISO-8601 */
                            started_at: string;
                        };
                        messages: {
                            _id: string;
                            /** @description Its place in the conversation, from 1: mark read up to it */
                            seq: number;
                            mine: boolean;
                            /** @description Plain text; empty once its author deleted their account */
                            text: string;
                            /** @description Its author deleted their account */
                            removed: boolean;
                            /** @description ISO-8601 */
                            at: string;
                        }[];
                        /** @description Older messages come before these: ask again with `before` */
                        earlier: boolean;
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
            /** @description Not Found: what the request names does not exist. */
            404: {
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
    listMessages: {
        parameters: {
            query?: {
                /** @description Only the messages before this `seq` (older ones) */
                before?: number;
                limit?: number;
            };
            header?: never;
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
                        _id: string;
                        /** @description Its place in the conversation, from 1: mark read up to it */
                        seq: number;
                        mine: boolean;
                        /** @description Plain text; empty once its author deleted their account */
                        text: string;
                        /** @description Its author deleted their account */
                        removed: boolean;
                        /** @description ISO-8601 */
                        at: string;
                    }[];
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
            /** @description Not Found: what the request names does not exist. */
            404: {
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
    listReports: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
                /** @description Groups with open reports (default), or those all settled */
                status?: "open" | "resolved";
            };
            header?: never;
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
                        /** @description The group: resolve with POST /api/reports/:id/resolve */
                        _id: string;
                        subject: {
                            /** @enum {string} */
                            type: "car" | "user" | "message" | "review";
                            _id: string;
                            /** @description The car's or the user's name; for a message, its author's; for a review, its stars and words */
                            label: string;
                            /** @description A path of the web app to open it, when there is one */
                            link: string | null;
                            image: string | null;
                            /** @description A car off the market or a review hidden: why */
                            hidden_reason: string | null;
                            deleted: boolean;
                        };
                        owner: {
                            _id: string;
                            name: string;
                            suspended: boolean;
                            suspension_reason: string | null;
                        };
                        /** @description Reports not yet settled */
                        open: number;
                        reasons: {
                            /** @enum {string} */
                            reason: "scam" | "wrong-details" | "offensive" | "sold" | "duplicate" | "other";
                            count: number;
                        }[];
                        /** @description The open ones, or the latest ones once settled */
                        reports: {
                            _id: string;
                            /** @enum {string} */
                            reason: "scam" | "wrong-details" | "offensive" | "sold" | "duplicate" | "other";
                            details: string | null;
                            reporter: {
                                _id: string;
                                name: string;
                            };
                            /** @description ISO-8601 */
                            at: string;
                        }[];
                        last_reported_at: string;
                        /** @description The latest settlement, if any */
                        resolution: {
                            /** @enum {string} */
                            action: "dismiss" | "hide-car" | "restore-car" | "hide-review" | "restore-review" | "suspend-user" | "lift-suspension";
                            reason: string;
                            at: string;
                        } | null;
                    }[];
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
    readReportedMessages: {
        parameters: {
            query?: never;
            header?: never;
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
                        conversationId: string;
                        messages: {
                            seq: number;
                            author: {
                                _id: string;
                                name: string;
                            };
                            text: string;
                            at: string;
                            /** @description The message reported */
                            reported: boolean;
                        }[];
                    };
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
    readSeller: {
        parameters: {
            query?: never;
            header?: never;
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
                        _id: string;
                        name: string;
                        photo_url: string | null;
                        /** @description ISO-8601: when they registered */
                        member_since: string;
                        rating: {
                            /** @description Stars, to one decimal; null with no review */
                            average: number | null;
                            /** @description Their reviews that stand (a hidden one does not count) */
                            count: number;
                        };
                        /** @description Bookings of their cars they accepted */
                        meetups_accepted: number;
                        answers: {
                            /** @description Conversations buyers opened with them */
                            conversations: number;
                            /** @description Those they wrote in */
                            answered: number;
                            /** @description answered / conversations, from 0 to 1; null with no conversation */
                            answered_share: number | null;
                            /** @description The median time from a buyer opening a conversation to their first answer */
                            median_answer_minutes: number | null;
                        };
                        /** @description Their cars on the market */
                        cars_for_sale: number;
                        /** @description Their 24 newest cars on the market */
                        cars: {
                            _id: string;
                            name: string;
                            seller_name: string;
                            /** @description The seller's email */
                            email: string;
                            /** @description The category's name */
                            category: string;
                            image: string;
                            original_price: number;
                            price: number;
                            location: string;
                            /** @description Years of use */
                            use: number;
                            /** @description 1 while a booking of it is requested or accepted */
                            booked: number;
                            /** @description 1 when advertised */
                            advertise: number;
                            make?: string;
                            model?: string;
                            /** @description Model year */
                            year?: number;
                            /** @description Kilometres */
                            mileage?: number;
                            /** @enum {string} */
                            fuel?: "petrol" | "diesel" | "hybrid" | "electric" | "lpg" | "other";
                            /** @enum {string} */
                            transmission?: "manual" | "automatic";
                            /** @description Plain text */
                            description?: string;
                            /** @description Its pictures in order; the first is `image`, the cover */
                            images: string[];
                            /** @description 1 when its seller marked it sold */
                            sold: number;
                            /** @description The seller's id: their profile is /seller/:id */
                            seller_id: string;
                            /** @description The seller's reviews */
                            seller_rating: {
                                /** @description Stars, to one decimal; null with no review */
                                average: number | null;
                                /** @description Their reviews that stand (a hidden one does not count) */
                                count: number;
                            };
                            /** @description The price before the latest change; absent until the price changes */
                            previous_price?: number;
                            /** @description ISO-8601: when its current term began, as listed or as last renewed */
                            listed_at: string;
                            /** @description ISO-8601: when the term ends and it leaves search, unless its seller renews it */
                            expires_at: string;
                            /**
                             * @description Why it is out of search and cannot be booked: hidden by a moderator or by reports, its seller suspended, or expired; absent while it is on the market
                             * @enum {string}
                             */
                            off_market?: "hidden" | "seller-suspended" | "expired";
                            /** @description What the moderator said, on the seller's own list only */
                            off_market_reason?: string;
                            /**
                             * @description Its price against its market value: great, good, fair, high or overpriced; absent while fewer than 5 comparable cars give it a value
                             * @enum {string}
                             */
                            deal?: "great" | "good" | "fair" | "high" | "overpriced";
                            /** @description Its market value and fair range, from comparable cars for sale and sold; absent with `deal` */
                            market?: {
                                /** @description The median price of the comparable cars */
                                value: number;
                                /** @description The 25th percentile: the fair range starts here */
                                low: number;
                                /** @description The 75th percentile: the fair range ends here */
                                high: number;
                                /** @description How many comparable cars */
                                comparables: number;
                            };
                            /** @description Kilometres from the place a search is `near`, to one decimal; only in such a search */
                            distanceKm?: number;
                        }[];
                        /** @description Their 5 newest reviews; the rest from GET /api/sellers/:id/reviews */
                        reviews: {
                            /** @description The review's id, which is its booking's; report it as a `review` */
                            _id: string;
                            rating: number;
                            /** @description Empty when the buyer wrote nothing */
                            text: string;
                            buyer: {
                                _id: string;
                                name: string;
                            };
                            car: {
                                _id: string;
                                name: string;
                            };
                            /** @description ISO-8601 */
                            posted_at: string;
                            /** @description The seller's answer, if any */
                            answer: {
                                text: string;
                                at: string;
                            } | null;
                        }[];
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
            /** @description Not Found: what the request names does not exist. */
            404: {
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
    listSellerReviews: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
            };
            header?: never;
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
                        /** @description The review's id, which is its booking's; report it as a `review` */
                        _id: string;
                        rating: number;
                        /** @description Empty when the buyer wrote nothing */
                        text: string;
                        buyer: {
                            _id: string;
                            name: string;
                        };
                        car: {
                            _id: string;
                            name: string;
                        };
                        /** @description ISO-8601 */
                        posted_at: string;
                        /** @description The seller's answer, if any */
                        answer: {
                            text: string;
                            at: string;
                        } | null;
                    }[];
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
            /** @description Not Found: what the request names does not exist. */
            404: {
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
    getAuditState: {
        parameters: {
            query?: {
                /** @description As it was at this moment */
                at?: string;
                /** @description As it was once the event at this position applied */
                position?: string;
            };
            header?: never;
            path: {
                type: "car" | "user" | "category";
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
                        subject: {
                            /** @enum {string} */
                            type: "car" | "user" | "category";
                            id: string;
                        };
                        /** @description False before its first event */
                        exists: boolean;
                        /** @description Events folded, minus one (-1: none) */
                        version: number;
                        /** @description The last event folded */
                        lastEvent?: {
                            position: string;
                            eventType: string;
                            at: string;
                            actor: {
                                uid: string;
                                email: string;
                                role: string;
                            };
                        };
                        /** @description The state the decisions see, folded by the same code (never a phone or email of a buyer) */
                        state: {
                            [key: string]: unknown;
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
    listAuditChanges: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page, at most 100 */
                limit?: number;
                /** @description After this moment (the first event when left out) */
                from?: string;
                /** @description Up to this moment (now when left out) */
                to?: string;
            };
            header?: never;
            path: {
                type: "car" | "user" | "category";
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
                        position: string;
                        eventType: string;
                        at: string;
                        actor: {
                            uid: string;
                            email: string;
                            role: string;
                        };
                        /** @description Each field of the state the event changed, with its value before and after (a phone or an email by its name alone) */
                        changes: {
                            path: string;
                            before?: unknown;
                            after?: unknown;
                            /**
                             * @description A phone or an email: named, its values never shown
                             * @enum {boolean}
                             */
                            hidden?: true;
                        }[];
                    }[];
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
    getOperationsStatus: {
        parameters: {
            query?: never;
            header?: never;
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
                        /** @description ISO-8601 time of this look */
                        at: string;
                        /** @description The store's last position; null when it is empty */
                        head: string | null;
                        projections: {
                            name: string;
                            /** @description The last event it has applied (passed); null: none yet */
                            position: string | null;
                            /** @description Events in the store after it, counted up to 10,000 */
                            lagEvents: number;
                            /** @description True when there are 10,000 or more */
                            lagEventsCapped: boolean;
                            /** @description Age of the oldest event it has not applied; 0 when caught up */
                            lagSeconds: number;
                            /** @description Events it could not apply and passed over */
                            parked: number;
                            /** @description Events it has applied in all; its rate is the change between two looks */
                            eventsApplied: number;
                            /** @description When its checkpoint last moved */
                            updatedAt: string;
                            /** @description Why it stopped: its checkpoint belongs to another store; rebuild */
                            refused: string | null;
                        }[];
                        reactors: {
                            name: string;
                            /** @description The last event it has applied (passed); null: none yet */
                            position: string | null;
                            /** @description Events in the store after it, counted up to 10,000 */
                            lagEvents: number;
                            /** @description True when there are 10,000 or more */
                            lagEventsCapped: boolean;
                            /** @description Age of the oldest event it has not applied; 0 when caught up */
                            lagSeconds: number;
                            /** @description Events it could not apply and passed over */
                            parked: number;
                            /** @description Set while an effect keeps failing; it is retried with backoff */
                            failing: {
                                position: string;
                                attempts: number;
                                since: string;
                                lastError: string;
                                nextAttemptAt: string;
                            } | null;
                        }[];
                        /** @description The last failed webhook delivery attempts, newest first (at most 10) */
                        failedDeliveries: {
                            /** @description The `webhook-id` header: the same on every attempt and replay */
                            messageId: string;
                            /** @description 1 for the first attempt */
                            attempt: number;
                            /** @description The car event's position (the feed's id) */
                            position: string;
                            eventId: string;
                            eventType: string;
                            ok: boolean;
                            statusCode?: number;
                            error?: string;
                            /** @description Until the answer (or the failure) */
                            latencyMs: number;
                            /** @description The start of the answer body, at most 1 KB */
                            response: string;
                            /** @description ISO-8601 */
                            at: string;
                            /** @description When it is tried again; absent once delivered or given up */
                            nextAttemptAt?: string;
                            /** @description Sent again by a replay */
                            replay: boolean;
                            endpointId: string;
                            url: string;
                        }[];
                        pendingMigrations: string[];
                        unfinishedRebuild: boolean;
                        rebuild: {
                            /** @description What an operator runs to rebuild every projection */
                            command: string;
                            docs: string;
                        };
                    };
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

// What a car's events change in other features' tables: the audit log.

import type { Describe } from '../audit/index.ts';

export const describeCar: Describe = (event) => {
  switch (event.type) {
    case 'CarListed':
      return {
        begins: true,
        action: 'listed',
        subjectType: 'car',
        subjectId: event.data.carId,
        label: event.data.name,
        details: {
          seller: event.data.sellerName,
          category: event.data.categoryName,
          price: event.data.price,
          original_price: event.data.originalPrice,
        },
        personal: { seller: event.data.sellerId },
      };
    case 'CarAdvertised':
      return { action: 'advertised', subjectType: 'car', subjectId: event.data.carId };
    case 'CarPriceChanged':
      return {
        action: 'changed the price',
        subjectType: 'car',
        subjectId: event.data.carId,
        details: { old_price: event.data.oldPrice, price: event.data.price },
      };
    case 'CarDetailsChanged': {
      const { carId, ...changed } = event.data;
      return { action: 'edited', subjectType: 'car', subjectId: carId, details: changed };
    }
    case 'CarPhotosChanged':
      return {
        action: 'changed the pictures',
        subjectType: 'car',
        subjectId: event.data.carId,
        details: { pictures: event.data.images.length },
      };
    case 'CarSold':
      return { action: 'marked sold', subjectType: 'car', subjectId: event.data.carId };
    case 'CarDeleted':
      return {
        action:
          event.data.reason === 'seller-deleted'
            ? "withdrawn with its seller's account"
            : 'deleted',
        subjectType: 'car',
        subjectId: event.data.carId,
        details: { reason: event.data.reason },
      };
    default:
      return undefined;
  }
};

// Request fields the app's middleware adds.
declare global {
  namespace Express {
    interface Request {
      /** The anonymous visitor, from the signed cookie (server/middleware/visitor.js). */
      visitorId?: string;
    }
  }
}
export {};

// Request fields the app's middleware adds.
declare global {
  namespace Express {
    interface Request {
      /** The anonymous visitor, from the signed cookie (server/middleware/visitor.js). */
      visitorId?: string;
      /** The visitor id was minted by this request: nobody has written data under it yet. */
      visitorIsNew?: boolean;
    }
  }
}
export {};

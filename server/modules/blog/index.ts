// The blog module's public surface: what other modules may use (decision 039).
export { blogPageStatus } from './blog.pages';
export {
  BLOG_CHANNEL,
  getPublishedPost,
  listPublishedPosts,
  nextScheduledPublication,
  publishedPostsForSitemap,
} from './blog.repository';

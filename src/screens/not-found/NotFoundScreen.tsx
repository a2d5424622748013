export default function NotFoundScreen() {
  return (
    <>
      <h1>Page Not Found</h1>
      <p>Sorry, the page you are trying to access could not be found.</p>
    </>
  );
}

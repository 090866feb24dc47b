/** A browser's multipart post without scripts: the body and its content type, for `inject`. */
export async function multipart(form: FormData) {
  const request = new Request('http://portal.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

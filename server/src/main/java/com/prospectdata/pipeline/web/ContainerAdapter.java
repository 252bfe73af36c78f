package com.prospectdata.pipeline.web;

import java.nio.charset.StandardCharsets;
import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.apache.tomcat.util.net.SocketEvent;

/**
 * Between Tomcat's protocols and its container (the adapter every HTTP/1.1 request and every
 * HTTP/2 stream is handed to): three kinds of request Tomcat would answer by itself outside the
 * contract are given to the container instead, whose error report valve answers in the
 * contract's shape (docs/SECURITY.md, "What the servlet container answers itself"). Everything
 * else passes through unchanged.
 * <ul>
 * <li>A request line naming a later minor version of HTTP/1 (HTTP/1.2), which Tomcat refuses with
 * 505, is served as HTTP/1.1, as RFC 9110 (6.2) asks; Tomcat still closes the connection after
 * it, which {@code Connection: close} announces.</li>
 * <li>{@code OPTIONS *}, which Tomcat answers 200 with an {@code Allow} of its own listing methods
 * the API does not answer, is refused 405 like OPTIONS on any route.</li>
 * <li>An HTTP/2 stream Tomcat's request validation refuses (a {@code :path} holding a space, a
 * {@code |} or a byte outside ASCII, a malformed {@code :authority}) would get a bare 400 with
 * no body and no header; it goes through the container as a refused HTTP/1.1 request does.</li>
 * </ul>
 */
final class ContainerAdapter implements Adapter {

    private static final byte[] ROOT = "/".getBytes(StandardCharsets.US_ASCII);

    private final Adapter container;

    ContainerAdapter(Adapter container) {
        this.container = container;
    }

    @Override
    public void service(Request request, Response response) throws Exception {
        if (response.getStatus() == 505 && response.isErrorReportRequired()
                && RequestLineVersion.of(request.protocol().toString()).filter(RequestLineVersion::isLaterHttp1).isPresent()) {
            request.protocol().setString("HTTP/1.1");
            if (request.getMimeHeaders().getValue("host") == null) {
                // Refused as HTTP/1.1 without a Host is (RFC 9112, 3.2).
                response.setStatus(400);
            } else {
                response.resetError();
                response.setStatus(200);
                response.addHeader("Connection", "close");
            }
        } else if ("OPTIONS".equals(request.getMethod()) && request.requestURI().equals("*")) {
            response.setStatus(405);
            response.setError();
            // Tomcat answers the asterisk itself, even for a request already refused; with any
            // other target it leaves a refused request to the error report valve.
            request.requestURI().setBytes(ROOT, 0, ROOT.length);
        }
        container.service(request, response);
    }

    /**
     * Tomcat logs an HTTP/2 stream its request validation refused in place of servicing it; such
     * a stream is serviced as refused instead, so the error report valve writes the answer.
     */
    @Override
    public void log(Request request, Response response, long time) {
        if ("HTTP/2.0".equals(request.protocol().toString()) && response.getStatus() == 400
                && !response.isError() && !response.isCommitted()) {
            response.setError();
            try {
                container.service(request, response);
                return;
            } catch (Exception e) {
                // Not answered after all: logged below as Tomcat would have.
            }
        }
        container.log(request, response, time);
    }

    @Override
    public boolean prepare(Request request, Response response) throws Exception {
        return container.prepare(request, response);
    }

    @Override
    public boolean asyncDispatch(Request request, Response response, SocketEvent status) throws Exception {
        return container.asyncDispatch(request, response, status);
    }

    @Override
    public void checkRecycled(Request request, Response response) {
        container.checkRecycled(request, response);
    }

    @Override
    public String getDomain() {
        return container.getDomain();
    }
}

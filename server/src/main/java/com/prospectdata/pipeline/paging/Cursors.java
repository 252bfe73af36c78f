package com.prospectdata.pipeline.paging;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.paging.Keyset.Text;
import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Cursors (docs/api-rules.md §12): what a page's {@code next_cursor} says, and the page a
 * {@code cursor} asks for.
 *
 * <p>A cursor is the key of the last item of the page that issued it and the number of items
 * its walk had returned, followed by an HMAC-SHA-256 (cut to 128 bits) over those and over what
 * the cursor is bound to: the operation, the caller's organization and every parameter of the
 * request but {@code limit}, {@code offset}, {@code cursor} and {@code include}, written
 * canonically. The binding itself is not in the cursor: a cursor used with other parameters, by
 * another organization or for another list fails its check exactly as an altered one does. All of
 * it in base64url without padding, at most 512 characters.
 */
@Component
public class Cursors {

    static final int MAX_CHARACTERS = 512;
    /** Bytes that 512 base64url characters hold. */
    private static final int MAX_BYTES = MAX_CHARACTERS / 4 * 3;
    private static final int MAC_BYTES = 16;
    private static final byte VERSION = 1;
    /** The first byte of a change-feed cursor: no list cursor starts with it. */
    private static final byte CHANGES_VERSION = 2;
    /**
     * Text that fits beside the other values of any list's key (a double and a UUID, the
     * companies', is the largest), the walked count and the check; a longer text travels as its
     * prefix ({@link Text#whole()}).
     */
    static final int MAX_TEXT_BYTES = MAX_BYTES - MAC_BYTES - 1 - 5 - 1 - 9 - 1 - 16 - 1 - 3;

    private static final byte DOUBLE = 'D';
    private static final byte INTEGER = 'I';
    private static final byte INSTANT = 'T';
    private static final byte UUID_VALUE = 'U';
    private static final byte WHOLE_TEXT = 'S';
    private static final byte TEXT_PREFIX = 'P';

    /** Parameters that do not choose the items of a walk: a walk may change them from page to page. */
    private static final Set<String> NOT_BOUND = Set.of("limit", "offset", "cursor", "include");
    private static final String CURSOR = "cursor";

    private final CursorKey key;

    Cursors(CursorKey key) {
        this.key = key;
    }

    /**
     * The page a list request asks for: by offset (0 when absent), or strictly after the position its
     * {@code cursor} names, whose key must have the types of {@code order} (the list's order's
     * columns). A cursor given with an offset, or one this list did not issue to this caller for
     * these parameters, is a 400 naming {@code cursor}.
     */
    public PageRequest read(RequestContext request, int limit, @Nullable Integer offset, @Nullable String cursor,
                            List<Class<?>> order) {
        if (cursor == null) {
            return new PageRequest(limit, offset == null ? 0 : offset);
        }
        if (offset != null) {
            throw ApiException.validation("cursor and offset cannot be given together: send the next_cursor of the page you hold"
                    + " as cursor, without offset");
        }
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException notBase64) {
            throw malformed();
        }
        if (bytes.length <= MAC_BYTES + 1) {
            throw malformed();
        }
        byte[] payload = Arrays.copyOf(bytes, bytes.length - MAC_BYTES);
        byte[] mac = Arrays.copyOfRange(bytes, bytes.length - MAC_BYTES, bytes.length);
        if (!MessageDigest.isEqual(mac, mac(request, payload))) {
            throw ApiException.validation("cursor was not issued for this list with these parameters to this organization,"
                    + " or it was altered: start the walk again without cursor");
        }
        Decoded decoded = decode(payload);
        List<Object> values = decoded.keyset().values();
        if (values.size() != order.size()) {
            throw malformed();
        }
        for (int i = 0; i < order.size(); i++) {
            Object value = values.get(i);
            if (!order.get(i).isInstance(value)) {
                throw malformed();
            }
        }
        return new PageRequest(limit, decoded.walked(), decoded.keyset());
    }

    /** The cursor to the page after {@code page}, when items follow it. */
    String next(RequestContext request, Page<?> page) {
        Keyset after = page.nextAfter().orElseThrow();
        long walked = (long) page.offset() + page.items().size();
        byte[] payload = encode(Math.toIntExact(Math.min(walked, Integer.MAX_VALUE)), after);
        byte[] mac = mac(request, payload);
        byte[] all = Arrays.copyOf(payload, payload.length + MAC_BYTES);
        System.arraycopy(mac, 0, all, payload.length, MAC_BYTES);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(all);
    }

    private byte[] mac(RequestContext request, byte[] payload) {
        String operation = request.operation().orElseThrow().operationId();
        return mac(operation + "\n" + request.acceptedCaller().organizationId() + "\n"
                + request.parameters().canonicalWithout(NOT_BOUND) + "\n", payload);
    }

    private byte[] mac(String binding, byte[] payload) {
        try {
            Mac hmac = Mac.getInstance("HmacSHA256");
            hmac.init(new SecretKeySpec(key.secret(), "HmacSHA256"));
            hmac.update(binding.getBytes(StandardCharsets.UTF_8));
            hmac.update(payload);
            return Arrays.copyOf(hmac.doFinal(), MAC_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /**
     * A position in a search's change feed (docs/api-rules.md §15) as a cursor: the number of the
     * last change it has seen, checked like every cursor but bound to the organization and the
     * search only, since the search list, the export and the feed's pages all issue it.
     */
    public String changesCursor(UUID organizationId, UUID prospectSearchId, long position) {
        byte[] payload = ByteBuffer.allocate(1 + Long.BYTES).put(CHANGES_VERSION).putLong(position).array();
        byte[] all = Arrays.copyOf(payload, payload.length + MAC_BYTES);
        System.arraycopy(mac(changesBinding(organizationId, prospectSearchId), payload), 0, all, payload.length, MAC_BYTES);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(all);
    }

    /** Refuses (400 naming {@code cursor}) a value that is not a change-feed cursor in form, before anything is read. */
    public void requireChangesCursorForm(String cursor) {
        changesCursorBytes(cursor);
    }

    /**
     * The position a change-feed cursor names; a 400 naming {@code cursor} when it is malformed,
     * altered, or was issued for another search or organization.
     */
    public long changesPosition(UUID organizationId, UUID prospectSearchId, String cursor) {
        byte[] bytes = changesCursorBytes(cursor);
        byte[] payload = Arrays.copyOf(bytes, 1 + Long.BYTES);
        byte[] mac = Arrays.copyOfRange(bytes, payload.length, bytes.length);
        if (!MessageDigest.isEqual(mac, mac(changesBinding(organizationId, prospectSearchId), payload))) {
            throw ApiException.validation("cursor was not issued for this prospect search's changes to this organization,"
                    + " or it was altered: start from the search's changes_cursor or an export's Changes-Cursor");
        }
        long position = ByteBuffer.wrap(payload, 1, Long.BYTES).getLong();
        if (position < 0) {
            throw malformed();
        }
        return position;
    }

    /** A change-feed cursor's bytes (version, position, MAC), or a 400 when its form is not one. */
    private static byte[] changesCursorBytes(String cursor) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException notBase64) {
            throw malformed();
        }
        if (bytes.length != 1 + Long.BYTES + MAC_BYTES || bytes[0] != CHANGES_VERSION) {
            throw malformed();
        }
        return bytes;
    }

    private static String changesBinding(UUID organizationId, UUID prospectSearchId) {
        return "changes\n" + organizationId + "\n" + prospectSearchId + "\n";
    }

    static byte[] encode(int walked, Keyset keyset) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(VERSION);
        writeVarint(out, walked);
        for (Object value : keyset.values()) {
            ByteBuffer buffer;
            switch (value) {
                case Double number -> {
                    out.write(DOUBLE);
                    out.writeBytes(ByteBuffer.allocate(8).putDouble(number).array());
                }
                case Integer number -> {
                    out.write(INTEGER);
                    out.writeBytes(ByteBuffer.allocate(4).putInt(number).array());
                }
                case Instant instant -> {
                    out.write(INSTANT);
                    buffer = ByteBuffer.allocate(12).putLong(instant.getEpochSecond()).putInt(instant.getNano());
                    out.writeBytes(buffer.array());
                }
                case UUID id -> {
                    out.write(UUID_VALUE);
                    out.writeBytes(ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                            .putLong(id.getLeastSignificantBits()).array());
                }
                case Text text -> {
                    byte[] utf8 = text.value().getBytes(StandardCharsets.UTF_8);
                    boolean whole = text.whole() && utf8.length <= MAX_TEXT_BYTES;
                    byte[] kept = whole ? utf8 : prefix(text.value(), MAX_TEXT_BYTES);
                    out.write(whole ? WHOLE_TEXT : TEXT_PREFIX);
                    writeVarint(out, kept.length);
                    out.writeBytes(kept);
                }
                default -> throw new IllegalArgumentException("Not a keyset value: " + value);
            }
        }
        return out.toByteArray();
    }

    private record Decoded(int walked, Keyset keyset) {
    }

    /** A payload whose check passed: only this server's own encoding gets here, but it is read defensively all the same. */
    private static Decoded decode(byte[] payload) {
        try {
            ByteBuffer in = ByteBuffer.wrap(payload);
            if (in.get() != VERSION) {
                throw malformed();
            }
            int walked = readVarint(in);
            List<Object> values = new ArrayList<>();
            while (in.hasRemaining()) {
                byte type = in.get();
                values.add(switch (type) {
                    case DOUBLE -> in.getDouble();
                    case INTEGER -> in.getInt();
                    case INSTANT -> Instant.ofEpochSecond(in.getLong(), in.getInt());
                    case UUID_VALUE -> new UUID(in.getLong(), in.getLong());
                    case WHOLE_TEXT, TEXT_PREFIX -> {
                        int length = readVarint(in);
                        if (length > in.remaining()) {
                            throw malformed();
                        }
                        byte[] utf8 = new byte[length];
                        in.get(utf8);
                        String text = StandardCharsets.UTF_8.newDecoder()
                                .onMalformedInput(CodingErrorAction.REPORT)
                                .onUnmappableCharacter(CodingErrorAction.REPORT)
                                .decode(ByteBuffer.wrap(utf8)).toString();
                        yield new Text(text, type == WHOLE_TEXT);
                    }
                    default -> throw malformed();
                });
            }
            return new Decoded(walked, new Keyset(values));
        } catch (BufferUnderflowException | CharacterCodingException | DateTimeException e) {
            throw malformed();
        }
    }

    /** The longest prefix of {@code text} whose UTF-8 fits in {@code maxBytes}, cut between characters. */
    private static byte[] prefix(String text, int maxBytes) {
        int end = 0;
        int bytes = 0;
        while (end < text.length()) {
            int codePoint = text.codePointAt(end);
            int size = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > maxBytes) {
                break;
            }
            bytes += size;
            end += Character.charCount(codePoint);
        }
        return text.substring(0, end).getBytes(StandardCharsets.UTF_8);
    }

    private static void writeVarint(ByteArrayOutputStream out, int value) {
        int rest = value;
        while ((rest & ~0x7F) != 0) {
            out.write((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.write(rest);
    }

    private static int readVarint(ByteBuffer in) {
        int value = 0;
        for (int shift = 0; shift < 32; shift += 7) {
            byte b = in.get();
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value < 0) {
                    throw malformed();
                }
                return value;
            }
        }
        throw malformed();
    }

    private static ApiException malformed() {
        return ApiException.validation("cursor is not a cursor of this API: send the next_cursor of a page exactly as it came");
    }
}

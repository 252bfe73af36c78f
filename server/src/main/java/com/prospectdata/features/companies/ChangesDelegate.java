package com.prospectdata.features.companies;

import com.prospectdata.core.openapi.WireTime;
import com.prospectdata.features.companies.ChangeQueries.ChangePage;
import com.prospectdata.features.companies.ChangeQueries.Head;
import com.prospectdata.features.companies.ChangeQueries.LoggedChange;
import com.prospectdata.generated.api.ChangesApiDelegate;
import com.prospectdata.generated.model.Change;
import com.prospectdata.generated.model.ChangeList;
import com.prospectdata.generated.model.ChangeType;
import com.prospectdata.generated.model.ChangedPart;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.CurrentRequest;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.paging.Cursors;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

/**
 * A prospect search's change feed (docs/api-rules.md §15). The cursor's form is checked first,
 * then the search (404, 403), then that the cursor is this search's: a well-formed cursor of
 * another search is a 400 naming {@code cursor}.
 */
@Service
class ChangesDelegate implements ChangesApiDelegate {

    private final ChangeQueries changes;
    private final CompanyAccess access;
    private final CurrentRequest current;
    private final Cursors cursors;

    ChangesDelegate(ChangeQueries changes, CompanyAccess access, CurrentRequest current, Cursors cursors) {
        this.changes = changes;
        this.access = access;
        this.current = current;
        this.cursors = cursors;
    }

    @Override
    public ResponseEntity<ChangeList> getProspectSearchChanges(UUID prospectSearchId, String cursor, Integer limit) {
        RequestContext request = current.context();
        AuthenticatedKey caller = request.acceptedCaller();
        cursors.requireChangesCursorForm(cursor);
        // The head is read before the cursor's check so that an unknown search is a 404.
        Head head = changes.head(request, prospectSearchId);
        access.requireOwnedProspectSearch(head == null ? null : new Owned<>(head.organizationId(), head), prospectSearchId,
                caller);
        long after = cursors.changesPosition(caller.organizationId(), prospectSearchId, cursor);
        if (head.position() == after) {
            // Nothing new: the poll costs the one statement on the search's row.
            return ResponseEntity.ok(new ChangeList(List.of(), cursor, false, limit));
        }
        // A head behind the cursor is a replica behind it: the page is then read at the primary.
        ChangePage page = changes.after(request, prospectSearchId, after, limit);
        List<Change> items = new ArrayList<>(page.changes().size());
        for (LoggedChange change : page.changes()) {
            toDto(change, page).ifPresent(items::add);
        }
        String next = page.lastPosition() == after ? cursor
                : cursors.changesCursor(caller.organizationId(), prospectSearchId, page.lastPosition());
        return ResponseEntity.ok(new ChangeList(items, next, page.hasMore(), limit));
    }

    /**
     * The change as a partner applies it; empty for an addition or update whose company has left
     * the search by the page's snapshot, since its removal follows in the log.
     */
    private static Optional<Change> toDto(LoggedChange change, ChangePage page) {
        Change dto = new Change(Long.toString(change.position()), ChangeType.fromValue("company." + change.kind()),
                change.companyId(), WireTime.of(change.occurredAt()));
        if (change.kind().equals("removed")) {
            return Optional.of(dto);
        }
        CompanyRow company = page.companies().get(change.companyId());
        if (company == null) {
            return Optional.empty();
        }
        dto.company(CompanyMapper.toDto(company));
        if (change.kind().equals("updated")) {
            dto.changed(change.changed().stream().map(ChangedPart::fromValue).toList());
        }
        return Optional.of(dto);
    }
}

package com.prospectdata.contract.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A fixture of the compatibility test: a named change to a copy of api/released/v1.yaml, read
 * from a file under src/test/resources/compat/ (see compat/README.md there for the format).
 * Every edit must find what it edits, so a fixture can never quietly change nothing.
 *
 * @param name the file's name, without ".yaml"
 * @param change what the change is and what it does to a v1 client
 * @param breaks for a breaking change, the operation on which the gate must report it
 *     ("GET /api/v1/companies/"); null for a compatible one
 * @param edits the edits, applied in order
 */
record ContractChange(String name, String change, String breaks, List<Map<String, Object>> edits) {

    @Override
    public String toString() {
        return name;
    }

    /** The fixtures of one folder of compat/ ("breaking" or "compatible"), in name order. */
    static Stream<ContractChange> all(String folder) {
        URL url = Objects.requireNonNull(ContractChange.class.getResource("/compat/" + folder), "compat/" + folder);
        try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
            return files.filter(file -> file.getFileName().toString().endsWith(".yaml"))
                    .sorted()
                    .map(ContractChange::read)
                    .toList()
                    .stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static ContractChange named(String folder, String name) {
        return all(folder).filter(change -> change.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no fixture compat/" + folder + "/" + name + ".yaml"));
    }

    @SuppressWarnings("unchecked")
    static ContractChange read(Path file) {
        Map<String, Object> fixture;
        try {
            fixture = (Map<String, Object>) yaml().load(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String name = file.getFileName().toString().replaceFirst("\\.yaml$", "");
        return new ContractChange(name, (String) fixture.get("change"), (String) fixture.get("breaks"),
                (List<Map<String, Object>>) fixture.get("edits"));
    }

    /** The released document with this change made, as YAML. */
    String applyTo(String releasedYaml) {
        Object document = yaml().load(releasedYaml);
        for (Map<String, Object> edit : edits) {
            DocumentEdit.of(edit).applyTo(document);
        }
        return write(document);
    }

    static String roundTrip(String yaml) {
        return write(yaml().load(yaml));
    }

    private static String write(Object document) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setSplitLines(false);
        return new Yaml(options).dump(document);
    }

    private static Yaml yaml() {
        return new Yaml(new SafeConstructor(new LoaderOptions()));
    }

    /**
     * One edit: {@code add}, {@code remove} or {@code replace}, each naming the place as a list of
     * steps from the document's root, and {@code value} for add and replace. A step is a key of a
     * mapping; {@code '*'} is every entry of a mapping or list; in a list, {@code '-'} is the end
     * (add only), a mapping such as {@code {name: limit}} is the element with those fields, and
     * any other value is the element equal to it.
     */
    record DocumentEdit(String operation, List<Object> place, Object value) {

        static DocumentEdit of(Map<String, Object> edit) {
            List<String> operations = List.of("add", "remove", "replace");
            if (edit.keySet().stream().filter(operations::contains).count() != 1
                    || !operations.containsAll(edit.keySet().stream().filter(key -> !key.equals("value")).toList())) {
                throw new IllegalArgumentException("an edit is one of add, remove or replace, and a value: " + edit);
            }
            for (String operation : operations) {
                if (edit.get(operation) instanceof List<?> place) {
                    if (place.isEmpty()) {
                        throw new IllegalArgumentException("empty place in " + edit);
                    }
                    boolean needsValue = !operation.equals("remove");
                    if (needsValue != edit.containsKey("value")) {
                        throw new IllegalArgumentException(operation + (needsValue ? " needs" : " takes no") + " value: " + edit);
                    }
                    return new DocumentEdit(operation, new ArrayList<>(place), edit.get("value"));
                }
            }
            throw new IllegalArgumentException("not an edit (add, remove or replace with a list of steps): " + edit);
        }

        void applyTo(Object document) {
            applyAt(document, 0);
        }

        private void applyAt(Object node, int step) {
            Object key = place.get(step);
            if (step == place.size() - 1) {
                edit(node, key, step);
                return;
            }
            for (Object child : select(node, key, step)) {
                applyAt(child, step + 1);
            }
        }

        /** The place up to a step, as the fixture writes it: [paths, '*', get]. */
        private String upTo(int step) {
            return place.subList(0, step + 1).toString();
        }

        private List<Object> select(Object node, Object key, int step) {
            List<Object> found = new ArrayList<>();
            if ("*".equals(key)) {
                if (node instanceof Map<?, ?> map) {
                    found.addAll(map.values());
                } else if (node instanceof List<?> list) {
                    found.addAll(list);
                }
            } else if (node instanceof Map<?, ?> map && map.containsKey(String.valueOf(key))) {
                found.add(map.get(String.valueOf(key)));
            } else if (node instanceof List<?> list) {
                list.stream().filter(element -> matches(element, key)).forEach(found::add);
            }
            if (found.isEmpty()) {
                throw new IllegalArgumentException("nothing at " + upTo(step));
            }
            return found;
        }

        private static boolean matches(Object element, Object key) {
            if (key instanceof Map<?, ?> fields) {
                return element instanceof Map<?, ?> map
                        && fields.entrySet().stream().allMatch(field -> Objects.equals(map.get(field.getKey()), field.getValue()));
            }
            return Objects.equals(element, key);
        }

        /**
         * A copy for each place a '*' reaches: SnakeYAML writes an object met twice as an anchor
         * and aliases, which is not what a person would write in the document.
         */
        private Object copyOfValue() {
            return yaml().load(write(value));
        }

        @SuppressWarnings("unchecked")
        private void edit(Object node, Object key, int step) {
            String at = upTo(step);
            if ("*".equals(key)) {
                throw new IllegalArgumentException("'*' cannot be the last step: " + at);
            }
            if (node instanceof Map<?, ?> untyped) {
                Map<String, Object> map = (Map<String, Object>) untyped;
                String name = String.valueOf(key);
                boolean present = map.containsKey(name);
                if (operation.equals("add") == present) {
                    throw new IllegalArgumentException(operation + ": " + at + (present ? " already exists" : " does not exist"));
                }
                if (operation.equals("remove")) {
                    map.remove(name);
                } else {
                    map.put(name, copyOfValue());
                }
            } else if (node instanceof List<?> untyped) {
                List<Object> list = (List<Object>) untyped;
                if (operation.equals("add")) {
                    if (!"-".equals(key)) {
                        throw new IllegalArgumentException("add to a list appends: its last step is '-', not " + at);
                    }
                    list.add(copyOfValue());
                    return;
                }
                List<Object> targets = list.stream().filter(element -> matches(element, key)).toList();
                if (targets.size() != 1) {
                    throw new IllegalArgumentException(operation + ": " + targets.size() + " elements match " + at);
                }
                int index = list.indexOf(targets.getFirst());
                if (operation.equals("remove")) {
                    list.remove(index);
                } else {
                    list.set(index, copyOfValue());
                }
            } else {
                throw new IllegalArgumentException(operation + ": " + upTo(step - 1) + " is neither a mapping nor a list");
            }
        }
    }
}
